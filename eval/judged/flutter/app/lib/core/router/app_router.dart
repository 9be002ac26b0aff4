import 'package:go_router/go_router.dart';
import 'package:riverpod_annotation/riverpod_annotation.dart';

import 'package:fitbook/features/auth/presentation/auth_controller.dart';
import 'package:fitbook/features/auth/presentation/sign_in_screen.dart';
import 'package:fitbook/features/bookings/presentation/my_bookings_screen.dart';
import 'package:fitbook/features/classes/presentation/class_detail_screen.dart';
import 'package:fitbook/features/classes/presentation/class_list_screen.dart';

part 'app_router.g.dart';

@riverpod
GoRouter appRouter(AppRouterRef ref) {
  final auth = ref.watch(authControllerProvider);
  return GoRouter(
    initialLocation: '/classes',
    redirect: (context, state) {
      final signedIn = auth.valueOrNull != null;
      final goingToSignIn = state.matchedLocation == '/sign-in';
      if (!signedIn && !goingToSignIn) return '/sign-in';
      if (signedIn && goingToSignIn) return '/classes';
      return null;
    },
    routes: [
      GoRoute(path: '/sign-in', builder: (_, __) => const SignInScreen()),
      GoRoute(
        path: '/classes',
        builder: (_, __) => const ClassListScreen(),
        routes: [
          GoRoute(
            path: ':id',
            builder: (_, state) => ClassDetailScreen(classId: state.pathParameters['id']!),
          ),
        ],
      ),
      GoRoute(path: '/bookings', builder: (_, __) => const MyBookingsScreen()),
    ],
  );
}
