using ClinicBooking.Domain.Entities;

namespace ClinicBooking.Application.Appointments.Dtos;

public sealed record AppointmentDto(
    Guid Id, Guid PatientId, Guid PractitionerId,
    DateTimeOffset StartsAt, DateTimeOffset EndsAt, string Status, string? Reason)
{
    public static AppointmentDto From(Appointment a) =>
        new(a.Id, a.PatientId, a.PractitionerId, a.StartsAt, a.EndsAt, a.Status.ToString(), a.Reason);
}

public sealed record SlotDto(DateTimeOffset StartsAt, DateTimeOffset EndsAt);
