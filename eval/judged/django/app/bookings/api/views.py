from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from bookings import services
from bookings.api.filters import BookingFilter
from bookings.api.permissions import IsOwnerOrStaff
from bookings.api.serializers import BookingSerializer, ResourceSerializer
from bookings.models import Booking, Resource


class ResourceViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Resource.objects.filter(is_active=True)
    serializer_class = ResourceSerializer


class BookingViewSet(mixins.CreateModelMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin,
                     viewsets.GenericViewSet):
    serializer_class = BookingSerializer
    permission_classes = [IsOwnerOrStaff]
    filterset_class = BookingFilter

    def get_queryset(self):
        qs = Booking.objects.select_related("resource")
        if self.request.user.is_staff:
            return qs
        return qs.filter(customer=self.request.user)

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.create_booking(
            customer=self.request.user, resource=data["resource"], period=data["period"]
        )

    @extend_schema(request=None, responses=BookingSerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        booking = services.cancel_booking(self.get_object())
        return Response(BookingSerializer(booking).data, status=status.HTTP_200_OK)
