import 'package:flutter_test/flutter_test.dart';

import 'package:fitbook/features/auth/presentation/sign_in_screen.dart';

import '../../helpers/pump_app.dart';

void main() {
  testWidgets('has email and password fields', (tester) async {
    await tester.pumpApp(const SignInScreen());
    expect(find.text('Email'), findsOneWidget);
    expect(find.text('Password'), findsOneWidget);
  });
}
