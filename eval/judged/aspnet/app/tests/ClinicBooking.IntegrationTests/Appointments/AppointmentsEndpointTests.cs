using System.Net;
using System.Net.Http.Json;
using ClinicBooking.Application.Appointments.Commands.BookAppointment;
using FluentAssertions;
using Xunit;

namespace ClinicBooking.IntegrationTests.Appointments;

public class AppointmentsEndpointTests(ClinicApiFactory factory) : IClassFixture<ClinicApiFactory>
{
    private readonly HttpClient _client = factory.CreateClient();

    [Fact]
    public async Task Booking_in_the_past_returns_400()
    {
        var cmd = new BookAppointmentCommand(Guid.NewGuid(), Guid.NewGuid(), DateTimeOffset.UtcNow.AddDays(-1), null);
        var response = await _client.PostAsJsonAsync("/api/appointments", cmd);
        response.StatusCode.Should().Be(HttpStatusCode.BadRequest);
    }

    [Fact]
    public async Task Slots_for_unknown_practitioner_returns_404()
    {
        var response = await _client.GetAsync($"/api/appointments/slots?practitionerId={Guid.NewGuid()}&date=2030-01-07");
        response.StatusCode.Should().Be(HttpStatusCode.NotFound);
    }
}
