package com.example.habits.core.data.repository

import com.example.habits.core.data.local.CheckInEntity
import com.example.habits.core.data.local.HabitDao
import com.example.habits.core.data.local.HabitEntity
import com.example.habits.core.data.model.Habit
import com.example.habits.core.data.model.HabitWithCheckIns
import com.example.habits.core.data.remote.HabitApi
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.withContext
import retrofit2.HttpException
import java.io.IOException
import java.time.LocalDate
import javax.inject.Inject

class OfflineFirstHabitRepository @Inject constructor(
    private val dao: HabitDao,
    private val api: HabitApi,
    @IoDispatcher private val io: CoroutineDispatcher,
) : HabitRepository {

    override fun observeHabitsWithCheckIns(): Flow<List<HabitWithCheckIns>> =
        dao.observeHabitsWithCheckIns().map { rows ->
            rows.map { HabitWithCheckIns(it.habit.toModel(), it.checkIns.map { c -> c.date }.toSet()) }
        }

    override suspend fun getHabit(id: Long): Habit? = dao.getHabit(id)?.toModel()

    override suspend fun upsert(habit: Habit): Long =
        dao.upsert(HabitEntity(id = habit.id, name = habit.name, reminder = habit.reminder, archived = habit.archived))

    override suspend fun toggleCheckIn(habitId: Long, date: LocalDate) = withContext(io) {
        if (dao.deleteCheckIn(habitId, date) == 0) dao.insertCheckIn(CheckInEntity(habitId, date))
        Unit
    }

    override suspend fun sync(): Boolean = withContext(io) {
        try {
            api.getHabits(since = 0L)
            true
        } catch (e: IOException) {
            false
        } catch (e: HttpException) {
            false
        }
    }
}

private fun HabitEntity.toModel() = Habit(id = id, name = name, reminder = reminder, archived = archived)
