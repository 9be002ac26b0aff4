import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import 'package:fitbook/features/bookings/data/bookings_repository.dart';

final myBookingsProvider = FutureProvider.autoDispose((ref) => ref.watch(bookingsRepositoryProvider).mine());

class MyBookingsScreen extends ConsumerWidget {
  const MyBookingsScreen({super.key});

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final bookings = ref.watch(myBookingsProvider);
    return Scaffold(
      appBar: AppBar(title: const Text('My bookings')),
      body: bookings.when(
        data: (items) => ListView(
          children: [for (final b in items) ListTile(title: Text(b.classId), subtitle: Text(b.status.name))],
        ),
        loading: () => const Center(child: CircularProgressIndicator()),
        error: (e, _) => Center(child: Text('$e')),
      ),
    );
  }
}
