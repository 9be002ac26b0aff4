using ClinicBooking.Application.Appointments.Dtos;
using MediatR;

namespace ClinicBooking.Application.Appointments.Queries.GetAvailableSlots;

public sealed record GetAvailableSlotsQuery(Guid PractitionerId, DateOnly Date) : IRequest<IReadOnlyList<SlotDto>>;
