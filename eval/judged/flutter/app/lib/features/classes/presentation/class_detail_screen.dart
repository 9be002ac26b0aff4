import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';

import 'package:fitbook/features/bookings/presentation/booking_controller.dart';
import 'package:fitbook/features/classes/data/classes_repository.dart';

final _classProvider = FutureProvider.autoDispose.family((ref, String id) =>
    ref.watch(classesRepositoryProvider).byId(id));

class ClassDetailScreen extends ConsumerWidget {
  const ClassDetailScreen({super.key, required this.classId});
  final String classId;

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final fitnessClass = ref.watch(_classProvider(classId));
    final booking = ref.watch(bookingControllerProvider);
    return Scaffold(
      appBar: AppBar(),
      body: fitnessClass.when(
        data: (c) => Column(children: [
          Text(c.title, style: Theme.of(context).textTheme.headlineSmall),
          Text('${c.spotsLeft} / ${c.capacity} spots left'),
          FilledButton(
            onPressed: booking.isLoading || c.spotsLeft == 0
                ? null
                : () => ref.read(bookingControllerProvider.notifier).book(c.id),
            child: const Text('Book'),
          ),
        ]),
        loading: () => const Center(child: CircularProgressIndicator()),
        error: (e, _) => Center(child: Text('$e')),
      ),
    );
  }
}
