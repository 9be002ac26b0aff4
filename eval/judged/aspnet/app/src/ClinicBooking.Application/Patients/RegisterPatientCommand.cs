using ClinicBooking.Application.Common.Interfaces;
using ClinicBooking.Domain.Entities;
using FluentValidation;
using MediatR;

namespace ClinicBooking.Application.Patients;

public sealed record RegisterPatientCommand(string FirstName, string LastName, DateOnly BirthDate, string Email, string? Phone)
    : IRequest<Guid>;

public sealed class RegisterPatientCommandValidator : AbstractValidator<RegisterPatientCommand>
{
    public RegisterPatientCommandValidator()
    {
        RuleFor(x => x.FirstName).NotEmpty().MaximumLength(100);
        RuleFor(x => x.LastName).NotEmpty().MaximumLength(100);
        RuleFor(x => x.Email).NotEmpty().EmailAddress();
        RuleFor(x => x.BirthDate).LessThan(DateOnly.FromDateTime(DateTime.UtcNow));
    }
}

public sealed class RegisterPatientCommandHandler(IClinicDbContext db) : IRequestHandler<RegisterPatientCommand, Guid>
{
    public async Task<Guid> Handle(RegisterPatientCommand r, CancellationToken ct)
    {
        var patient = new Patient(Guid.NewGuid(), r.FirstName, r.LastName, r.BirthDate, r.Email, r.Phone);
        db.Patients.Add(patient);
        await db.SaveChangesAsync(ct);
        return patient.Id;
    }
}

public sealed record PatientDto(Guid Id, string FullName, DateOnly BirthDate, string Email);

public sealed record GetPatientQuery(Guid Id) : IRequest<PatientDto>;
