import 'package:dio/dio.dart';
import 'package:retrofit/retrofit.dart';

import 'package:fitbook/features/classes/domain/fitness_class.dart';

part 'classes_api.g.dart';

@RestApi()
abstract class ClassesApi {
  factory ClassesApi(Dio dio, {String baseUrl}) = _ClassesApi;

  @GET('/studios/{studioId}/classes')
  Future<List<FitnessClass>> listClasses(
    @Path('studioId') String studioId,
    @Query('from') String fromIso,
    @Query('to') String toIso,
  );

  @GET('/classes/{id}')
  Future<FitnessClass> getClass(@Path('id') String id);
}
