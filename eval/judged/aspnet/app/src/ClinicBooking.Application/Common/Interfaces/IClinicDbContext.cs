using ClinicBooking.Domain.Entities;
using Microsoft.EntityFrameworkCore;

namespace ClinicBooking.Application.Common.Interfaces;

public interface IClinicDbContext
{
    DbSet<Appointment> Appointments { get; }
    DbSet<Patient> Patients { get; }
    DbSet<Practitioner> Practitioners { get; }
    Task<int> SaveChangesAsync(CancellationToken cancellationToken = default);
}

public interface IDateTimeProvider
{
    DateTimeOffset UtcNow { get; }
}
