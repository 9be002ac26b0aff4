package com.example.habits.core.data.repository

import com.example.habits.core.data.model.Habit
import com.example.habits.core.data.model.HabitWithCheckIns
import kotlinx.coroutines.flow.Flow
import java.time.LocalDate

interface HabitRepository {
    fun observeHabitsWithCheckIns(): Flow<List<HabitWithCheckIns>>
    suspend fun getHabit(id: Long): Habit?
    suspend fun upsert(habit: Habit): Long
    suspend fun toggleCheckIn(habitId: Long, date: LocalDate)
    suspend fun sync(): Boolean
}
