import pytest

from bookings.services import SlotUnavailable, create_booking
from bookings.tests.factories import BookingFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_overlapping_booking_is_refused():
    existing = BookingFactory()
    with pytest.raises(SlotUnavailable):
        create_booking(customer=existing.customer, resource=existing.resource, period=existing.period)
