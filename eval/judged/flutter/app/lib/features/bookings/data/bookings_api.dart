import 'package:dio/dio.dart';
import 'package:retrofit/retrofit.dart';

import 'package:fitbook/features/bookings/domain/booking.dart';

part 'bookings_api.g.dart';

@RestApi()
abstract class BookingsApi {
  factory BookingsApi(Dio dio, {String baseUrl}) = _BookingsApi;

  @POST('/classes/{classId}/bookings')
  Future<Booking> create(@Path('classId') String classId);

  @DELETE('/bookings/{id}')
  Future<void> cancel(@Path('id') String id);

  @GET('/me/bookings')
  Future<List<Booking>> mine();
}
