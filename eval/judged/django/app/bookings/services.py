from django.db import IntegrityError, transaction

from bookings.models import Booking
from notifications.tasks import send_booking_confirmation


class SlotUnavailable(Exception):
    pass


def create_booking(*, customer, resource, period) -> Booking:
    try:
        with transaction.atomic():
            booking = Booking.objects.create(customer=customer, resource=resource, period=period)
    except IntegrityError as exc:
        raise SlotUnavailable(str(exc)) from exc
    transaction.on_commit(lambda: send_booking_confirmation.delay(booking.pk))
    return booking


def cancel_booking(booking: Booking) -> Booking:
    booking.status = Booking.Status.CANCELLED
    booking.save(update_fields=["status"])
    return booking
