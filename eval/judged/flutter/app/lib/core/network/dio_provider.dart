import 'package:dio/dio.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/core/network/auth_interceptor.dart';

part 'dio_provider.g.dart';

const _baseUrl = String.fromEnvironment('API_BASE_URL', defaultValue: 'https://api.fitbook.app/v1');

@Riverpod(keepAlive: true)
Dio dio(DioRef ref) {
  final dio = Dio(BaseOptions(
    baseUrl: _baseUrl,
    connectTimeout: const Duration(seconds: 10),
    receiveTimeout: const Duration(seconds: 15),
  ));
  dio.interceptors.add(AuthInterceptor(ref));
  return dio;
}
