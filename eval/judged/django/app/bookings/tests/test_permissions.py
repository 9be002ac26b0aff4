import pytest

from bookings.tests.factories import BookingFactory

pytestmark = pytest.mark.django_db


def test_cannot_cancel_someone_elses_booking(api_client):
    other = BookingFactory()
    response = api_client.post(f"/api/v1/bookings/{other.pk}/cancel/")
    assert response.status_code == 404
