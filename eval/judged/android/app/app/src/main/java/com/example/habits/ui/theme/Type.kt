package com.example.habits.ui.theme

import androidx.compose.material3.Typography

val HabitTypography = Typography()
