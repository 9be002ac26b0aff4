using ClinicBooking.Application.Common.Interfaces;
using FluentValidation;

namespace ClinicBooking.Application.Appointments.Commands.BookAppointment;

public sealed class BookAppointmentCommandValidator : AbstractValidator<BookAppointmentCommand>
{
    public BookAppointmentCommandValidator(IDateTimeProvider clock)
    {
        RuleFor(x => x.PatientId).NotEmpty();
        RuleFor(x => x.PractitionerId).NotEmpty();
        RuleFor(x => x.StartsAt)
            .GreaterThan(_ => clock.UtcNow)
            .WithMessage("An appointment must start in the future.");
        RuleFor(x => x.Reason).MaximumLength(500);
    }
}
