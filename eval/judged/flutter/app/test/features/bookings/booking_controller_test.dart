import 'package:flutter_riverpod/flutter_riverpod.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';

import 'package:fitbook/features/bookings/data/bookings_repository.dart';
import 'package:fitbook/features/bookings/domain/booking.dart';
import 'package:fitbook/features/bookings/presentation/booking_controller.dart';

import '../../helpers/mocks.dart';

void main() {
  test('book() ends in AsyncData with the booking', () async {
    final repo = MockBookingsRepository();
    final booking = Booking(id: 'b1', classId: 'c1', status: BookingStatus.confirmed, createdAt: DateTime(2024));
    when(() => repo.book('c1')).thenAnswer((_) async => booking);
    final container = ProviderContainer(overrides: [bookingsRepositoryProvider.overrideWithValue(repo)]);
    addTearDown(container.dispose);

    await container.read(bookingControllerProvider.notifier).book('c1');

    expect(container.read(bookingControllerProvider).value, booking);
  });
}
