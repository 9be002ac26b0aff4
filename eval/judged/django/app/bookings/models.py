from django.conf import settings
from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.fields import DateTimeRangeField, RangeOperators
from django.db import models


class Resource(models.Model):
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=[("room", "Room"), ("desk", "Desk"), ("court", "Court")])
    capacity = models.PositiveIntegerField(default=1)
    is_active = models.BooleanField(default=True)

    def __str__(self) -> str:
        return self.name


class Booking(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        CONFIRMED = "confirmed"
        CANCELLED = "cancelled"

    resource = models.ForeignKey(Resource, on_delete=models.PROTECT, related_name="bookings")
    customer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bookings")
    period = DateTimeRangeField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            ExclusionConstraint(
                name="no_overlapping_bookings",
                expressions=[("resource", RangeOperators.EQUAL), ("period", RangeOperators.OVERLAPS)],
                condition=~models.Q(status="cancelled"),
            )
        ]
        indexes = [models.Index(fields=["customer", "status"])]
