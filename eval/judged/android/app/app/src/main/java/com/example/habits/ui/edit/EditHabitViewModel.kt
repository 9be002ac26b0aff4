package com.example.habits.ui.edit

import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import com.example.habits.core.data.model.Habit
import com.example.habits.core.data.repository.HabitRepository
import com.example.habits.work.ReminderScheduler
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import java.time.LocalTime
import javax.inject.Inject

data class EditHabitUiState(
    val name: String = "",
    val reminder: LocalTime? = null,
    val nameError: Boolean = false,
    val saved: Boolean = false,
)

@HiltViewModel
class EditHabitViewModel @Inject constructor(
    savedStateHandle: SavedStateHandle,
    private val repository: HabitRepository,
    private val reminderScheduler: ReminderScheduler,
) : ViewModel() {
    private val habitId: Long? = savedStateHandle.get<Long>("habitId")
    private val _state = MutableStateFlow(EditHabitUiState())
    val state: StateFlow<EditHabitUiState> = _state.asStateFlow()

    fun onNameChange(name: String) = _state.update { it.copy(name = name, nameError = false) }
    fun onReminderChange(time: LocalTime?) = _state.update { it.copy(reminder = time) }

    fun save() {
        val current = _state.value
        if (current.name.isBlank()) { _state.update { it.copy(nameError = true) }; return }
        viewModelScope.launch {
            val id = repository.upsert(Habit(id = habitId ?: 0, name = current.name.trim(), reminder = current.reminder))
            current.reminder?.let { reminderScheduler.scheduleReminder(id, it) } ?: reminderScheduler.cancelReminder(id)
            _state.update { it.copy(saved = true) }
        }
    }
}
