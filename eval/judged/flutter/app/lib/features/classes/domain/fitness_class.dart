import 'package:freezed_annotation/freezed_annotation.dart';

part 'fitness_class.freezed.dart';
part 'fitness_class.g.dart';

@freezed
class FitnessClass with _$FitnessClass {
  const factory FitnessClass({
    required String id,
    required String title,
    required DateTime startsAt,
    required int durationMinutes,
    required int capacity,
    required int spotsLeft,
    String? instructorName,
    String? imageUrl,
  }) = _FitnessClass;

  factory FitnessClass.fromJson(Map<String, dynamic> json) => _$FitnessClassFromJson(json);
}
