package com.example.habits.core.data.remote.dto

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

@Serializable
data class HabitDto(
    val id: String,
    val name: String,
    @SerialName("reminder_time") val reminderTime: String? = null,
    val archived: Boolean = false,
    @SerialName("check_ins") val checkIns: List<String> = emptyList(),
    @SerialName("updated_at") val updatedAt: Long,
)
