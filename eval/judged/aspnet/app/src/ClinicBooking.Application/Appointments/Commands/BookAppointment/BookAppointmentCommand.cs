using ClinicBooking.Application.Appointments.Dtos;
using MediatR;

namespace ClinicBooking.Application.Appointments.Commands.BookAppointment;

public sealed record BookAppointmentCommand(
    Guid PatientId,
    Guid PractitionerId,
    DateTimeOffset StartsAt,
    string? Reason) : IRequest<AppointmentDto>;
