using ClinicBooking.Application.Appointments.Commands.BookAppointment;
using ClinicBooking.Application.Common.Interfaces;
using FluentAssertions;
using NSubstitute;
using Xunit;

namespace ClinicBooking.UnitTests.Appointments;

public class BookAppointmentCommandValidatorTests
{
    private readonly IDateTimeProvider _clock = Substitute.For<IDateTimeProvider>();
    private readonly BookAppointmentCommandValidator _sut;

    public BookAppointmentCommandValidatorTests()
    {
        _clock.UtcNow.Returns(new DateTimeOffset(2024, 5, 1, 9, 0, 0, TimeSpan.Zero));
        _sut = new BookAppointmentCommandValidator(_clock);
    }

    [Fact]
    public void Rejects_appointment_in_the_past()
    {
        var cmd = new BookAppointmentCommand(Guid.NewGuid(), Guid.NewGuid(), _clock.UtcNow.AddHours(-1), null);
        var result = _sut.Validate(cmd);
        result.IsValid.Should().BeFalse();
        result.Errors.Should().ContainSingle(e => e.PropertyName == nameof(cmd.StartsAt));
    }

    [Fact]
    public void Accepts_future_appointment()
    {
        var cmd = new BookAppointmentCommand(Guid.NewGuid(), Guid.NewGuid(), _clock.UtcNow.AddDays(2), "Check-up");
        _sut.Validate(cmd).IsValid.Should().BeTrue();
    }
}
