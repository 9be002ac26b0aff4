import 'package:drift/drift.dart';

class CachedClasses extends Table {
  TextColumn get id => text()();
  TextColumn get title => text()();
  DateTimeColumn get startsAt => dateTime()();
  IntColumn get spotsLeft => integer()();
  TextColumn get instructorName => text().nullable()();

  @override
  Set<Column> get primaryKey => {id};
}

class PendingBookings extends Table {
  IntColumn get localId => integer().autoIncrement()();
  TextColumn get classId => text()();
  DateTimeColumn get createdAt => dateTime().withDefault(currentDateAndTime)();
}
