package com.example.habits.work

import androidx.work.*
import java.time.Duration
import java.time.LocalDateTime
import java.time.LocalTime
import java.util.concurrent.TimeUnit
import javax.inject.Inject
import javax.inject.Singleton

@Singleton
class ReminderScheduler @Inject constructor(private val workManager: WorkManager) {

    fun scheduleReminder(habitId: Long, at: LocalTime) {
        val now = LocalDateTime.now()
        var next = now.with(at)
        if (next.isBefore(now)) next = next.plusDays(1)
        val request = PeriodicWorkRequestBuilder<ReminderWorker>(1, TimeUnit.DAYS)
            .setInitialDelay(Duration.between(now, next))
            .setInputData(workDataOf(ReminderWorker.KEY_HABIT_ID to habitId))
            .build()
        workManager.enqueueUniquePeriodicWork("reminder-$habitId", ExistingPeriodicWorkPolicy.UPDATE, request)
    }

    fun cancelReminder(habitId: Long) { workManager.cancelUniqueWork("reminder-$habitId") }

    fun scheduleDailySync() {
        val request = PeriodicWorkRequestBuilder<SyncWorker>(1, TimeUnit.DAYS)
            .setConstraints(Constraints.Builder().setRequiredNetworkType(NetworkType.CONNECTED).build())
            .build()
        workManager.enqueueUniquePeriodicWork("sync", ExistingPeriodicWorkPolicy.KEEP, request)
    }
}
