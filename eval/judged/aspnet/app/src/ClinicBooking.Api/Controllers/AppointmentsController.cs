using ClinicBooking.Application.Appointments.Commands.BookAppointment;
using ClinicBooking.Application.Appointments.Commands.CancelAppointment;
using ClinicBooking.Application.Appointments.Dtos;
using ClinicBooking.Application.Appointments.Queries.GetAvailableSlots;
using MediatR;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;

namespace ClinicBooking.Api.Controllers;

[ApiController]
[Authorize]
[Route("api/appointments")]
public sealed class AppointmentsController(ISender sender) : ControllerBase
{
    [HttpPost]
    [ProducesResponseType<AppointmentDto>(StatusCodes.Status201Created)]
    [ProducesResponseType(StatusCodes.Status400BadRequest)]
    [ProducesResponseType(StatusCodes.Status409Conflict)]
    public async Task<IActionResult> Book(BookAppointmentCommand command, CancellationToken ct)
    {
        var appointment = await sender.Send(command, ct);
        return CreatedAtAction(nameof(GetById), new { id = appointment.Id }, appointment);
    }

    [HttpGet("{id:guid}")]
    public async Task<ActionResult<AppointmentDto>> GetById(Guid id, CancellationToken ct)
        => Ok(await sender.Send(new GetAppointmentByIdQuery(id), ct));

    [HttpGet("slots")]
    public async Task<ActionResult<IReadOnlyList<SlotDto>>> GetAvailableSlots(
        [FromQuery] Guid practitionerId, [FromQuery] DateOnly date, CancellationToken ct)
        => Ok(await sender.Send(new GetAvailableSlotsQuery(practitionerId, date), ct));

    [HttpDelete("{id:guid}")]
    public async Task<IActionResult> Cancel(Guid id, [FromQuery] string? reason, CancellationToken ct)
    {
        await sender.Send(new CancelAppointmentCommand(id, reason), ct);
        return NoContent();
    }
}
