using ClinicBooking.Application.Appointments.Dtos;
using ClinicBooking.Application.Common.Exceptions;
using ClinicBooking.Application.Common.Interfaces;
using ClinicBooking.Domain.Entities;
using ClinicBooking.Domain.Enums;
using MediatR;
using Microsoft.EntityFrameworkCore;

namespace ClinicBooking.Application.Appointments.Queries.GetAvailableSlots;

public sealed class GetAvailableSlotsQueryHandler(IClinicDbContext db)
    : IRequestHandler<GetAvailableSlotsQuery, IReadOnlyList<SlotDto>>
{
    public async Task<IReadOnlyList<SlotDto>> Handle(GetAvailableSlotsQuery request, CancellationToken ct)
    {
        var practitioner = await db.Practitioners.AsNoTracking()
            .FirstOrDefaultAsync(p => p.Id == request.PractitionerId, ct)
            ?? throw new NotFoundException(nameof(Practitioner), request.PractitionerId);

        var dayStart = new DateTimeOffset(request.Date.ToDateTime(practitioner.OpensAt), TimeSpan.Zero);
        var dayEnd = new DateTimeOffset(request.Date.ToDateTime(practitioner.ClosesAt), TimeSpan.Zero);

        var taken = await db.Appointments.AsNoTracking()
            .Where(a => a.PractitionerId == request.PractitionerId
                        && a.Status != AppointmentStatus.Cancelled
                        && a.StartsAt >= dayStart && a.StartsAt < dayEnd)
            .Select(a => a.StartsAt)
            .ToListAsync(ct);

        var slots = new List<SlotDto>();
        for (var t = dayStart; t < dayEnd; t = t.AddMinutes(practitioner.SlotLengthMinutes))
            if (!taken.Contains(t))
                slots.Add(new SlotDto(t, t.AddMinutes(practitioner.SlotLengthMinutes)));
        return slots;
    }
}
