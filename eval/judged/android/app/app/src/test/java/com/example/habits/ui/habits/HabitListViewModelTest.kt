package com.example.habits.ui.habits

import app.cash.turbine.test
import com.example.habits.core.data.model.Habit
import com.example.habits.core.data.model.HabitWithCheckIns
import com.example.habits.core.data.repository.HabitRepository
import com.example.habits.util.MainDispatcherRule
import io.mockk.coVerify
import io.mockk.every
import io.mockk.mockk
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.test.runTest
import org.junit.Assert.assertEquals
import org.junit.Rule
import org.junit.Test
import java.time.*

class HabitListViewModelTest {
    @get:Rule val mainDispatcherRule = MainDispatcherRule()

    private val clock = Clock.fixed(Instant.parse("2024-09-10T08:00:00Z"), ZoneOffset.UTC)
    private val repository = mockk<HabitRepository>(relaxed = true)

    @Test
    fun `emits success with today's check-ins`() = runTest {
        val habit = Habit(id = 1, name = "Read")
        every { repository.observeHabitsWithCheckIns() } returns flowOf(listOf(HabitWithCheckIns(habit, setOf(LocalDate.of(2024, 9, 10)))))
        val vm = HabitListViewModel(repository, clock)
        vm.uiState.test {
            assertEquals(HabitListUiState.Loading, awaitItem())
            val success = awaitItem() as HabitListUiState.Success
            assertEquals(true, success.habits.single().doneToday)
        }
    }

    @Test
    fun `toggleDone delegates to repository`() = runTest {
        every { repository.observeHabitsWithCheckIns() } returns flowOf(emptyList())
        HabitListViewModel(repository, clock).toggleDone(1)
        coVerify { repository.toggleCheckIn(1, LocalDate.of(2024, 9, 10)) }
    }
}
