package com.example.habits.ui.habits

import com.example.habits.core.data.model.Habit

sealed interface HabitListUiState {
    data object Loading : HabitListUiState
    data class Success(val habits: List<HabitRow>) : HabitListUiState
    data class Error(val message: String) : HabitListUiState
}

data class HabitRow(val habit: Habit, val doneToday: Boolean, val streak: Int)
