import pytest
from django.core import mail

from bookings.tests.factories import BookingFactory
from notifications.tasks import send_booking_confirmation

pytestmark = pytest.mark.django_db


def test_confirmation_email_is_sent():
    booking = BookingFactory()
    send_booking_confirmation(booking.pk)
    assert len(mail.outbox) == 1
