using ClinicBooking.Application.Appointments.Dtos;
using ClinicBooking.Application.Common.Exceptions;
using ClinicBooking.Application.Common.Interfaces;
using ClinicBooking.Domain.Entities;
using MediatR;
using Microsoft.EntityFrameworkCore;

namespace ClinicBooking.Application.Appointments.Queries.GetAvailableSlots;

public sealed record GetAppointmentByIdQuery(Guid Id) : IRequest<AppointmentDto>;

public sealed class GetAppointmentByIdQueryHandler(IClinicDbContext db)
    : IRequestHandler<GetAppointmentByIdQuery, AppointmentDto>
{
    public async Task<AppointmentDto> Handle(GetAppointmentByIdQuery request, CancellationToken ct)
    {
        var a = await db.Appointments.AsNoTracking().FirstOrDefaultAsync(x => x.Id == request.Id, ct)
            ?? throw new NotFoundException(nameof(Appointment), request.Id);
        return AppointmentDto.From(a);
    }
}
