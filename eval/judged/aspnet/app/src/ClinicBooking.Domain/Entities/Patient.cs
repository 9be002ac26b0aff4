namespace ClinicBooking.Domain.Entities;

public sealed class Patient(Guid id, string firstName, string lastName, DateOnly birthDate, string email, string? phone)
{
    public Guid Id { get; private set; } = id;
    public string FirstName { get; private set; } = firstName;
    public string LastName { get; private set; } = lastName;
    public DateOnly BirthDate { get; private set; } = birthDate;
    public string Email { get; private set; } = email;
    public string? Phone { get; private set; } = phone;
}
