namespace ClinicBooking.Domain.Entities;

public sealed class Practitioner
{
    public Guid Id { get; set; }
    public string FirstName { get; set; } = "";
    public string LastName { get; set; } = "";
    public string Specialty { get; set; } = "";
    public int SlotLengthMinutes { get; set; } = 20;
    public TimeOnly OpensAt { get; set; } = new(8, 0);
    public TimeOnly ClosesAt { get; set; } = new(18, 0);
}
