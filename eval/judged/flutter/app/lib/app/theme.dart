import 'package:flutter/material.dart';

abstract final class AppTheme {
  static const _seed = Color(0xFF2E7D6B);
  static final light = ThemeData(colorSchemeSeed: _seed, useMaterial3: true);
  static final dark = ThemeData(colorSchemeSeed: _seed, brightness: Brightness.dark, useMaterial3: true);
}
