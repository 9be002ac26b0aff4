using ClinicBooking.Application.Appointments.Dtos;
using ClinicBooking.Application.Common.Exceptions;
using ClinicBooking.Application.Common.Interfaces;
using ClinicBooking.Domain.Entities;
using MediatR;
using Microsoft.EntityFrameworkCore;

namespace ClinicBooking.Application.Appointments.Commands.BookAppointment;

public sealed class BookAppointmentCommandHandler(IClinicDbContext db)
    : IRequestHandler<BookAppointmentCommand, AppointmentDto>
{
    public async Task<AppointmentDto> Handle(BookAppointmentCommand request, CancellationToken ct)
    {
        var practitioner = await db.Practitioners.FindAsync([request.PractitionerId], ct)
            ?? throw new NotFoundException(nameof(Practitioner), request.PractitionerId);

        var end = request.StartsAt.AddMinutes(practitioner.SlotLengthMinutes);
        var overlaps = await db.Appointments.AnyAsync(a =>
            a.PractitionerId == request.PractitionerId
            && a.Status != Domain.Enums.AppointmentStatus.Cancelled
            && a.StartsAt < end && request.StartsAt < a.EndsAt, ct);
        if (overlaps)
            throw new SlotUnavailableException(request.PractitionerId, request.StartsAt);

        var appointment = Appointment.Book(request.PatientId, practitioner, request.StartsAt, request.Reason);
        db.Appointments.Add(appointment);
        await db.SaveChangesAsync(ct);
        return AppointmentDto.From(appointment);
    }
}
