package com.example.habits.work

import android.content.Context
import androidx.hilt.work.HiltWorker
import androidx.work.CoroutineWorker
import androidx.work.WorkerParameters
import com.example.habits.core.data.repository.HabitRepository
import dagger.assisted.Assisted
import dagger.assisted.AssistedInject

@HiltWorker
class ReminderWorker @AssistedInject constructor(
    @Assisted context: Context,
    @Assisted params: WorkerParameters,
    private val repository: HabitRepository,
    private val notifier: ReminderNotifier,
) : CoroutineWorker(context, params) {
    override suspend fun doWork(): Result {
        val habitId = inputData.getLong(KEY_HABIT_ID, -1)
        if (habitId < 0) return Result.failure()
        val habit = repository.getHabit(habitId) ?: return Result.success()
        notifier.show(habit)
        return Result.success()
    }

    companion object { const val KEY_HABIT_ID = "habit_id" }
}
