import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/core/database/app_database.dart';
import 'package:fitbook/core/database/database_provider.dart';
import 'package:fitbook/core/network/dio_provider.dart';
import 'package:fitbook/features/classes/data/classes_api.dart';
import 'package:fitbook/features/classes/domain/fitness_class.dart';

part 'classes_repository.g.dart';

class ClassesRepository {
  ClassesRepository(this._api, this._db);
  final ClassesApi _api;
  final AppDatabase _db;

  Future<List<FitnessClass>> weekSchedule(String studioId, DateTime weekStart) async {
    final classes = await _api.listClasses(
      studioId,
      weekStart.toUtc().toIso8601String(),
      weekStart.add(const Duration(days: 7)).toUtc().toIso8601String(),
    );
    await _db.batch((b) => b.insertAllOnConflictUpdate(
          _db.cachedClasses,
          classes.map((c) => CachedClassesCompanion.insert(
                id: c.id, title: c.title, startsAt: c.startsAt, spotsLeft: c.spotsLeft)),
        ));
    return classes;
  }

  Future<FitnessClass> byId(String id) => _api.getClass(id);
}

@riverpod
ClassesRepository classesRepository(ClassesRepositoryRef ref) =>
    ClassesRepository(ClassesApi(ref.watch(dioProvider)), ref.watch(appDatabaseProvider));
