package com.example.habits.core.data.local

import androidx.room.Entity
import androidx.room.PrimaryKey
import java.time.LocalTime

@Entity(tableName = "habits")
data class HabitEntity(
    @PrimaryKey(autoGenerate = true) val id: Long = 0,
    val name: String,
    val reminder: LocalTime?,
    val archived: Boolean = false,
    val remoteId: String? = null,
    val updatedAt: Long = System.currentTimeMillis(),
)
