import 'package:drift/native.dart';
import 'package:flutter_test/flutter_test.dart';

import 'package:fitbook/core/database/app_database.dart';

void main() {
  late AppDatabase db;
  setUp(() => db = AppDatabase.forTesting(NativeDatabase.memory()));
  tearDown(() => db.close());

  test('inserts and reads a pending booking', () async {
    await db.into(db.pendingBookings).insert(PendingBookingsCompanion.insert(classId: 'c1'));
    final rows = await db.select(db.pendingBookings).get();
    expect(rows.single.classId, 'c1');
  });
}
