package com.example.habits.ui.habits

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import com.example.habits.core.data.repository.HabitRepository
import dagger.hilt.android.lifecycle.HiltViewModel
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.catch
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.stateIn
import kotlinx.coroutines.launch
import java.time.Clock
import java.time.LocalDate
import javax.inject.Inject

@HiltViewModel
class HabitListViewModel @Inject constructor(
    private val repository: HabitRepository,
    private val clock: Clock,
) : ViewModel() {

    val uiState: StateFlow<HabitListUiState> = repository.observeHabitsWithCheckIns()
        .map { list ->
            val today = LocalDate.now(clock)
            HabitListUiState.Success(
                list.map { HabitRow(it.habit, today in it.checkIns, it.currentStreak(today)) },
            ) as HabitListUiState
        }
        .catch { emit(HabitListUiState.Error(it.message ?: "Unknown error")) }
        .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), HabitListUiState.Loading)

    fun toggleDone(habitId: Long) {
        viewModelScope.launch { repository.toggleCheckIn(habitId, LocalDate.now(clock)) }
    }
}
