import 'package:flutter_test/flutter_test.dart';
import 'package:integration_test/integration_test.dart';

import 'package:fitbook/main.dart' as app;

void main() {
  IntegrationTestWidgetsFlutterBinding.ensureInitialized();

  testWidgets('sign in, open a class and book it', (tester) async {
    app.main();
    await tester.pumpAndSettle();
    await tester.enterText(find.byType(TextField).first, 'e2e@fitbook.app');
    await tester.enterText(find.byType(TextField).last, 'e2e-password');
    await tester.tap(find.text('Sign in'));
    await tester.pumpAndSettle();
    await tester.tap(find.byType(Card).first);
    await tester.pumpAndSettle();
    await tester.tap(find.text('Book'));
    await tester.pumpAndSettle();
    expect(find.textContaining('spots left'), findsOneWidget);
  });
}
