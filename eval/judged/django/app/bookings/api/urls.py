from rest_framework.routers import DefaultRouter

from bookings.api.views import BookingViewSet, ResourceViewSet

router = DefaultRouter()
router.register("resources", ResourceViewSet)
router.register("bookings", BookingViewSet, basename="booking")

urlpatterns = router.urls
