package com.example.habits.core.data.di

import com.example.habits.core.data.repository.HabitRepository
import com.example.habits.core.data.repository.IoDispatcher
import com.example.habits.core.data.repository.OfflineFirstHabitRepository
import dagger.Binds
import dagger.Module
import dagger.Provides
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers

@Module
@InstallIn(SingletonComponent::class)
abstract class DataModule {
    @Binds abstract fun bindHabitRepository(impl: OfflineFirstHabitRepository): HabitRepository

    companion object {
        @Provides @IoDispatcher
        fun provideIoDispatcher(): CoroutineDispatcher = Dispatchers.IO
    }
}
