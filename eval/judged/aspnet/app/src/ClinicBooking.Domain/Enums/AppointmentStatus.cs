namespace ClinicBooking.Domain.Enums;

public enum AppointmentStatus
{
    Booked = 0,
    CheckedIn = 1,
    Completed = 2,
    Cancelled = 3,
    NoShow = 4,
}
