namespace ClinicBooking.Application.Common.Exceptions;

public sealed class NotFoundException(string entity, object key)
    : Exception($"{entity} '{key}' was not found.");

public sealed class SlotUnavailableException(Guid practitionerId, DateTimeOffset start)
    : Exception($"Practitioner {practitionerId} is not available at {start:O}.");
