using ClinicBooking.Domain.Enums;

namespace ClinicBooking.Domain.Entities;

public sealed class Appointment
{
    private Appointment() { }

    public Guid Id { get; private set; }
    public Guid PatientId { get; private set; }
    public Guid PractitionerId { get; private set; }
    public DateTimeOffset StartsAt { get; private set; }
    public DateTimeOffset EndsAt { get; private set; }
    public AppointmentStatus Status { get; private set; }
    public string? Reason { get; private set; }
    public string? CancellationReason { get; private set; }
    public uint RowVersion { get; private set; }

    public static Appointment Book(Guid patientId, Practitioner practitioner, DateTimeOffset startsAt, string? reason) => new()
    {
        Id = Guid.NewGuid(),
        PatientId = patientId,
        PractitionerId = practitioner.Id,
        StartsAt = startsAt,
        EndsAt = startsAt.AddMinutes(practitioner.SlotLengthMinutes),
        Status = AppointmentStatus.Booked,
        Reason = reason,
    };

    public void Cancel(string? reason, DateTimeOffset now)
    {
        if (Status == AppointmentStatus.Cancelled)
            return;
        if (StartsAt - now < TimeSpan.FromHours(24))
            throw new InvalidOperationException("Appointments can only be cancelled 24 hours in advance.");
        Status = AppointmentStatus.Cancelled;
        CancellationReason = reason;
    }
}
