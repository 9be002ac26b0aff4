import 'package:cached_network_image/cached_network_image.dart';
import 'package:flutter/material.dart';
import 'package:intl/intl.dart';

import 'package:fitbook/features/classes/domain/fitness_class.dart';

class ClassCard extends StatelessWidget {
  const ClassCard({super.key, required this.fitnessClass, required this.onTap});
  final FitnessClass fitnessClass;
  final VoidCallback onTap;

  @override
  Widget build(BuildContext context) {
    final time = DateFormat.Hm().format(fitnessClass.startsAt.toLocal());
    return Card(
      child: ListTile(
        onTap: onTap,
        leading: fitnessClass.imageUrl == null
            ? const Icon(Icons.fitness_center)
            : CachedNetworkImage(imageUrl: fitnessClass.imageUrl!, width: 48),
        title: Text(fitnessClass.title),
        subtitle: Text('$time · ${fitnessClass.instructorName ?? 'TBA'}'),
        trailing: Text('${fitnessClass.spotsLeft}'),
      ),
    );
  }
}
