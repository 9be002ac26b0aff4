import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/features/bookings/data/bookings_repository.dart';
import 'package:fitbook/features/bookings/domain/booking.dart';

part 'booking_controller.g.dart';

@riverpod
class BookingController extends _$BookingController {
  @override
  FutureOr<Booking?> build() => null;

  Future<void> book(String classId) async {
    state = const AsyncLoading();
    state = await AsyncValue.guard(() => ref.read(bookingsRepositoryProvider).book(classId));
  }
}
