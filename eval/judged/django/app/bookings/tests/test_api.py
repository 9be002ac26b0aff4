import pytest

from bookings.tests.factories import BookingFactory, ResourceFactory

pytestmark = pytest.mark.django_db


def test_list_only_own_bookings(api_client, user):
    BookingFactory(customer=user)
    BookingFactory()
    response = api_client.get("/api/v1/bookings/")
    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_create_booking(api_client):
    resource = ResourceFactory()
    payload = {"resource": resource.pk, "period": {"lower": "2030-01-01T10:00:00Z", "upper": "2030-01-01T11:00:00Z"}}
    response = api_client.post("/api/v1/bookings/", payload, format="json")
    assert response.status_code == 201
