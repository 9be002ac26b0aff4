import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/core/errors/failure.dart';
import 'package:fitbook/core/network/dio_provider.dart';
import 'package:fitbook/features/bookings/data/bookings_api.dart';
import 'package:fitbook/features/bookings/domain/booking.dart';

part 'bookings_repository.g.dart';

class BookingsRepository {
  BookingsRepository(this._api);
  final BookingsApi _api;

  Future<Booking> book(String classId) async {
    try {
      return await _api.create(classId);
    } on DioException catch (e) {
      if (e.response?.statusCode == 409) throw const Failure.classFull();
      if (e.response?.statusCode == 401) throw const Failure.unauthorized();
      throw Failure.network(message: e.message);
    }
  }

  Future<void> cancel(String bookingId) => _api.cancel(bookingId);
  Future<List<Booking>> mine() => _api.mine();
}

@riverpod
BookingsRepository bookingsRepository(BookingsRepositoryRef ref) =>
    BookingsRepository(BookingsApi(ref.watch(dioProvider)));
