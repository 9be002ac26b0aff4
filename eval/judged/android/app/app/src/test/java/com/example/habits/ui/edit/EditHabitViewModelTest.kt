package com.example.habits.ui.edit

import androidx.lifecycle.SavedStateHandle
import com.example.habits.core.data.repository.HabitRepository
import com.example.habits.util.MainDispatcherRule
import com.example.habits.work.ReminderScheduler
import io.mockk.mockk
import org.junit.Assert.assertTrue
import org.junit.Rule
import org.junit.Test

class EditHabitViewModelTest {
    @get:Rule val mainDispatcherRule = MainDispatcherRule()

    @Test
    fun `blank name shows an error`() {
        val vm = EditHabitViewModel(SavedStateHandle(), mockk(relaxed = true), mockk<ReminderScheduler>(relaxed = true))
        vm.save()
        assertTrue(vm.state.value.nameError)
    }
}
