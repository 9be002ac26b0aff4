import 'package:flutter/material.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:mocktail/mocktail.dart';

import 'package:fitbook/features/classes/data/classes_repository.dart';
import 'package:fitbook/features/classes/domain/fitness_class.dart';
import 'package:fitbook/features/classes/presentation/class_list_screen.dart';

import '../../helpers/mocks.dart';
import '../../helpers/pump_app.dart';

void main() {
  testWidgets('shows a card per class', (tester) async {
    final repo = MockClassesRepository();
    when(() => repo.weekSchedule(any(), any())).thenAnswer((_) async => [
          FitnessClass(id: '1', title: 'Yoga', startsAt: DateTime(2024, 6, 3, 9), durationMinutes: 60, capacity: 12, spotsLeft: 3),
        ]);
    await tester.pumpApp(const ClassListScreen(), overrides: [classesRepositoryProvider.overrideWithValue(repo)]);
    await tester.pumpAndSettle();
    expect(find.text('Yoga'), findsOneWidget);
    expect(find.byType(Card), findsOneWidget);
  });
}
