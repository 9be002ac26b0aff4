import 'package:flutter/material.dart';
import 'package:flutter_riverpod/flutter_riverpod.dart';
import 'package:go_router/go_router.dart';

import 'package:fitbook/features/classes/presentation/class_list_controller.dart';
import 'package:fitbook/features/classes/presentation/widgets/class_card.dart';

class ClassListScreen extends ConsumerWidget {
  const ClassListScreen({super.key});

  @override
  Widget build(BuildContext context, WidgetRef ref) {
    final now = DateTime.now();
    final weekStart = DateTime(now.year, now.month, now.day - (now.weekday - 1));
    final classes = ref.watch(weekClassesProvider(studioId: 'main', weekStart: weekStart));
    return Scaffold(
      appBar: AppBar(title: const Text('This week')),
      body: classes.when(
        data: (items) => ListView.builder(
          itemCount: items.length,
          itemBuilder: (_, i) => ClassCard(
            fitnessClass: items[i],
            onTap: () => context.go('/classes/${items[i].id}'),
          ),
        ),
        loading: () => const Center(child: CircularProgressIndicator()),
        error: (e, _) => Center(child: Text('Could not load classes: $e')),
      ),
    );
  }
}
