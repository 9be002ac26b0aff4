import 'package:mocktail/mocktail.dart';

import 'package:fitbook/features/auth/data/auth_repository.dart';
import 'package:fitbook/features/bookings/data/bookings_api.dart';
import 'package:fitbook/features/bookings/data/bookings_repository.dart';
import 'package:fitbook/features/classes/data/classes_repository.dart';

class MockBookingsApi extends Mock implements BookingsApi {}
class MockBookingsRepository extends Mock implements BookingsRepository {}
class MockClassesRepository extends Mock implements ClassesRepository {}
class MockAuthRepository extends Mock implements AuthRepository {}
