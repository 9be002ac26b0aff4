from datetime import timedelta

import factory
from django.utils import timezone
from psycopg.types.range import Range

from accounts.tests.factories import UserFactory
from bookings.models import Booking, Resource


class ResourceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Resource

    name = factory.Sequence(lambda n: f"Room {n}")
    kind = "room"


class BookingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Booking

    resource = factory.SubFactory(ResourceFactory)
    customer = factory.SubFactory(UserFactory)
    period = factory.LazyFunction(
        lambda: Range(timezone.now() + timedelta(days=1), timezone.now() + timedelta(days=1, hours=1))
    )
