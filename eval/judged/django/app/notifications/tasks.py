from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from notifications import emails


@shared_task(bind=True, autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def send_booking_confirmation(self, booking_id: int) -> None:
    from bookings.models import Booking

    booking = Booking.objects.select_related("customer", "resource").get(pk=booking_id)
    emails.send_confirmation_email(booking)


@shared_task
def send_due_reminders() -> int:
    from bookings.models import Booking

    soon = timezone.now() + timedelta(hours=24)
    due = Booking.objects.filter(status="confirmed", period__startswith__lte=soon)
    for booking in due:
        emails.send_reminder_email(booking)
    return due.count()
