package com.example.habits.ui.theme

import androidx.compose.ui.graphics.Color

val Green80 = Color(0xFFA5D6A7)
val Green40 = Color(0xFF2E7D32)
val Sand80 = Color(0xFFFFE0B2)
val Sand40 = Color(0xFFEF6C00)
