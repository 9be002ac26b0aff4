using ClinicBooking.Domain.Entities;
using ClinicBooking.Domain.Enums;
using FluentAssertions;
using Xunit;

namespace ClinicBooking.UnitTests.Domain;

public class AppointmentTests
{
    private static readonly Practitioner Doctor = new() { Id = Guid.NewGuid(), SlotLengthMinutes = 20 };

    [Fact]
    public void Book_sets_end_from_practitioner_slot_length()
    {
        var start = new DateTimeOffset(2024, 6, 3, 10, 0, 0, TimeSpan.Zero);
        var appt = Appointment.Book(Guid.NewGuid(), Doctor, start, null);
        appt.EndsAt.Should().Be(start.AddMinutes(20));
        appt.Status.Should().Be(AppointmentStatus.Booked);
    }

    [Fact]
    public void Cancel_less_than_24h_before_throws()
    {
        var start = new DateTimeOffset(2024, 6, 3, 10, 0, 0, TimeSpan.Zero);
        var appt = Appointment.Book(Guid.NewGuid(), Doctor, start, null);
        var act = () => appt.Cancel("sick", start.AddHours(-2));
        act.Should().Throw<InvalidOperationException>();
    }
}
