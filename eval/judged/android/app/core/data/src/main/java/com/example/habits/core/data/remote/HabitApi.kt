package com.example.habits.core.data.remote

import com.example.habits.core.data.remote.dto.HabitDto
import retrofit2.http.Body
import retrofit2.http.GET
import retrofit2.http.PUT
import retrofit2.http.Path
import retrofit2.http.Query

interface HabitApi {
    @GET("habits")
    suspend fun getHabits(@Query("since") since: Long): List<HabitDto>

    @PUT("habits/{id}")
    suspend fun putHabit(@Path("id") id: String, @Body habit: HabitDto): HabitDto
}
