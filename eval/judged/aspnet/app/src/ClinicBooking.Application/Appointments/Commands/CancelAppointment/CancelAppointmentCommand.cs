using ClinicBooking.Application.Common.Exceptions;
using ClinicBooking.Application.Common.Interfaces;
using ClinicBooking.Domain.Entities;
using MediatR;

namespace ClinicBooking.Application.Appointments.Commands.CancelAppointment;

public sealed record CancelAppointmentCommand(Guid AppointmentId, string? Reason) : IRequest;

public sealed class CancelAppointmentCommandHandler(IClinicDbContext db, IDateTimeProvider clock)
    : IRequestHandler<CancelAppointmentCommand>
{
    public async Task Handle(CancelAppointmentCommand request, CancellationToken ct)
    {
        var appointment = await db.Appointments.FindAsync([request.AppointmentId], ct)
            ?? throw new NotFoundException(nameof(Appointment), request.AppointmentId);
        appointment.Cancel(request.Reason, clock.UtcNow);
        await db.SaveChangesAsync(ct);
    }
}
