import 'package:freezed_annotation/freezed_annotation.dart';

part 'booking.freezed.dart';
part 'booking.g.dart';

enum BookingStatus { confirmed, waitlisted, cancelled }

@freezed
class Booking with _$Booking {
  const factory Booking({
    required String id,
    required String classId,
    required BookingStatus status,
    required DateTime createdAt,
    int? waitlistPosition,
  }) = _Booking;

  factory Booking.fromJson(Map<String, dynamic> json) => _$BookingFromJson(json);
}
