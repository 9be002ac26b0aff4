package com.example.habits.core.data.local

import androidx.room.*
import kotlinx.coroutines.flow.Flow
import java.time.LocalDate

data class HabitWithCheckInsRelation(
    @Embedded val habit: HabitEntity,
    @Relation(parentColumn = "id", entityColumn = "habitId") val checkIns: List<CheckInEntity>,
)

@Dao
interface HabitDao {
    @Transaction
    @Query("SELECT * FROM habits WHERE archived = 0 ORDER BY name")
    fun observeHabitsWithCheckIns(): Flow<List<HabitWithCheckInsRelation>>

    @Query("SELECT * FROM habits WHERE id = :id")
    suspend fun getHabit(id: Long): HabitEntity?

    @Upsert suspend fun upsert(habit: HabitEntity): Long

    @Insert(onConflict = OnConflictStrategy.IGNORE)
    suspend fun insertCheckIn(checkIn: CheckInEntity): Long

    @Query("DELETE FROM check_ins WHERE habitId = :habitId AND date = :date")
    suspend fun deleteCheckIn(habitId: Long, date: LocalDate): Int
}
