from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string


def send_confirmation_email(booking) -> None:
    body = render_to_string("notifications/confirmation.txt", {"booking": booking})
    send_mail("Your booking is confirmed", body, settings.DEFAULT_FROM_EMAIL, [booking.customer.email])


def send_reminder_email(booking) -> None:
    body = render_to_string("notifications/reminder.txt", {"booking": booking})
    send_mail("Reminder: your booking tomorrow", body, settings.DEFAULT_FROM_EMAIL, [booking.customer.email])
