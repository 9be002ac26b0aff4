import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/features/auth/data/auth_repository.dart';
import 'package:fitbook/features/auth/domain/app_user.dart';

part 'auth_controller.g.dart';

@Riverpod(keepAlive: true)
class AuthController extends _$AuthController {
  @override
  Stream<AppUser?> build() => ref.watch(authRepositoryProvider).authStateChanges().map(
        (u) => u == null ? null : AppUser(uid: u.uid, email: u.email ?? '', displayName: u.displayName),
      );

  Future<void> signIn(String email, String password) async {
    await ref.read(authRepositoryProvider).signInWithEmail(email, password);
  }

  Future<void> signOut() => ref.read(authRepositoryProvider).signOut();
}
