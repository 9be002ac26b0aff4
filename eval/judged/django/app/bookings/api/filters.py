import django_filters

from bookings.models import Booking


class BookingFilter(django_filters.FilterSet):
    starts_after = django_filters.IsoDateTimeFilter(field_name="period", lookup_expr="startswith__gte")
    status = django_filters.ChoiceFilter(choices=Booking.Status.choices)

    class Meta:
        model = Booking
        fields = ["resource", "status"]
