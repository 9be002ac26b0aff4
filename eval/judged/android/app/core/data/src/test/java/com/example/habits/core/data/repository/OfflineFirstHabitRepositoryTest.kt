package com.example.habits.core.data.repository

import com.example.habits.core.data.local.CheckInEntity
import com.example.habits.core.data.local.HabitDao
import com.example.habits.core.data.remote.HabitApi
import io.mockk.coEvery
import io.mockk.coVerify
import io.mockk.mockk
import kotlinx.coroutines.test.StandardTestDispatcher
import kotlinx.coroutines.test.runTest
import org.junit.Assert.assertFalse
import org.junit.Test
import java.io.IOException
import java.time.LocalDate

class OfflineFirstHabitRepositoryTest {
    private val dao = mockk<HabitDao>(relaxed = true)
    private val api = mockk<HabitApi>()

    @Test
    fun `toggle inserts when nothing was deleted`() = runTest {
        val repo = OfflineFirstHabitRepository(dao, api, StandardTestDispatcher(testScheduler))
        val day = LocalDate.of(2024, 9, 10)
        coEvery { dao.deleteCheckIn(1, day) } returns 0
        repo.toggleCheckIn(1, day)
        coVerify { dao.insertCheckIn(CheckInEntity(1, day)) }
    }

    @Test
    fun `sync returns false on network error`() = runTest {
        coEvery { api.getHabits(any()) } throws IOException("offline")
        val repo = OfflineFirstHabitRepository(dao, api, StandardTestDispatcher(testScheduler))
        assertFalse(repo.sync())
    }
}
