package com.example.habits.work

import android.content.Context
import androidx.hilt.work.HiltWorker
import androidx.work.CoroutineWorker
import androidx.work.WorkerParameters
import com.example.habits.core.data.repository.HabitRepository
import dagger.assisted.Assisted
import dagger.assisted.AssistedInject

@HiltWorker
class SyncWorker @AssistedInject constructor(
    @Assisted context: Context,
    @Assisted params: WorkerParameters,
    private val repository: HabitRepository,
) : CoroutineWorker(context, params) {
    override suspend fun doWork(): Result =
        if (repository.sync()) Result.success() else if (runAttemptCount < 3) Result.retry() else Result.failure()
}
