import 'package:flutter_test/flutter_test.dart';

import 'package:fitbook/features/classes/domain/fitness_class.dart';

void main() {
  test('fromJson reads snake_case fields', () {
    final c = FitnessClass.fromJson({
      'id': '1', 'title': 'HIIT', 'starts_at': '2024-06-03T09:00:00Z',
      'duration_minutes': 45, 'capacity': 20, 'spots_left': 0,
    });
    expect(c.spotsLeft, 0);
    expect(c.durationMinutes, 45);
  });
}
