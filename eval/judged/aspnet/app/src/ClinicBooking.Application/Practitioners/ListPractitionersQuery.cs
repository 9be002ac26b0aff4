using ClinicBooking.Application.Common.Interfaces;
using MediatR;
using Microsoft.EntityFrameworkCore;

namespace ClinicBooking.Application.Practitioners;

public sealed record PractitionerDto(Guid Id, string DisplayName, string Specialty);

public sealed record ListPractitionersQuery(string? Specialty) : IRequest<IReadOnlyList<PractitionerDto>>;

public sealed class ListPractitionersQueryHandler(IClinicDbContext db)
    : IRequestHandler<ListPractitionersQuery, IReadOnlyList<PractitionerDto>>
{
    public async Task<IReadOnlyList<PractitionerDto>> Handle(ListPractitionersQuery q, CancellationToken ct)
        => await db.Practitioners.AsNoTracking()
            .Where(p => q.Specialty == null || p.Specialty == q.Specialty)
            .OrderBy(p => p.LastName)
            .Select(p => new PractitionerDto(p.Id, p.FirstName + " " + p.LastName, p.Specialty))
            .ToListAsync(ct);
}
