using ClinicBooking.Application.Practitioners;
using MediatR;
using Microsoft.AspNetCore.Mvc;

namespace ClinicBooking.Api.Controllers;

[ApiController]
[Route("api/practitioners")]
public sealed class PractitionersController(ISender sender) : ControllerBase
{
    [HttpGet]
    public async Task<ActionResult<IReadOnlyList<PractitionerDto>>> List(
        [FromQuery] string? specialty, CancellationToken ct)
        => Ok(await sender.Send(new ListPractitionersQuery(specialty), ct));
}
