import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/features/classes/data/classes_repository.dart';
import 'package:fitbook/features/classes/domain/fitness_class.dart';

part 'class_list_controller.g.dart';

@riverpod
Future<List<FitnessClass>> weekClasses(WeekClassesRef ref, {required String studioId, required DateTime weekStart}) {
  return ref.watch(classesRepositoryProvider).weekSchedule(studioId, weekStart);
}
