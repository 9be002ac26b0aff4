from django.contrib import admin

from bookings.models import Booking, Resource

admin.site.register(Resource)


@admin.register(Booking)
class BookingAdmin(admin.ModelAdmin):
    list_display = ("id", "resource", "customer", "status", "created_at")
    list_filter = ("status", "resource")
