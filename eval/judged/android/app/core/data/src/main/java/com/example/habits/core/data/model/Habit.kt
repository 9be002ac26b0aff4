package com.example.habits.core.data.model

import java.time.LocalDate
import java.time.LocalTime

data class Habit(
    val id: Long = 0,
    val name: String,
    val reminder: LocalTime? = null,
    val archived: Boolean = false,
)

data class HabitWithCheckIns(val habit: Habit, val checkIns: Set<LocalDate>) {
    fun currentStreak(today: LocalDate): Int {
        var day = if (today in checkIns) today else today.minusDays(1)
        var streak = 0
        while (day in checkIns) { streak++; day = day.minusDays(1) }
        return streak
    }
}
