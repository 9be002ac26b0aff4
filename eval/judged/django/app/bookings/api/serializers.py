from rest_framework import serializers

from bookings.models import Booking, Resource


class ResourceSerializer(serializers.ModelSerializer):
    class Meta:
        model = Resource
        fields = ["id", "name", "kind", "capacity"]


class BookingSerializer(serializers.ModelSerializer):
    resource = serializers.PrimaryKeyRelatedField(queryset=Resource.objects.filter(is_active=True))

    class Meta:
        model = Booking
        fields = ["id", "resource", "period", "status", "created_at"]
        read_only_fields = ["status", "created_at"]

    def validate_period(self, value):
        if value.lower >= value.upper:
            raise serializers.ValidationError("period must end after it starts")
        return value
