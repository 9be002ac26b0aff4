using ClinicBooking.Application.Common.Interfaces;

namespace ClinicBooking.Infrastructure.Services;

internal sealed class SystemDateTimeProvider : IDateTimeProvider
{
    public DateTimeOffset UtcNow => DateTimeOffset.UtcNow;
}
