import 'package:dio/dio.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';

import 'package:fitbook/core/errors/failure.dart';
import 'package:fitbook/features/bookings/data/bookings_repository.dart';

import '../../helpers/mocks.dart';

void main() {
  late MockBookingsApi api;
  late BookingsRepository repo;

  setUp(() {
    api = MockBookingsApi();
    repo = BookingsRepository(api);
  });

  test('maps 409 to ClassFullFailure', () async {
    when(() => api.create('c1')).thenThrow(DioException(
      requestOptions: RequestOptions(path: '/classes/c1/bookings'),
      response: Response(requestOptions: RequestOptions(), statusCode: 409),
    ));
    expect(() => repo.book('c1'), throwsA(isA<ClassFullFailure>()));
  });
}
