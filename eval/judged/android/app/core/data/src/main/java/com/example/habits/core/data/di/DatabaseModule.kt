package com.example.habits.core.data.di

import android.content.Context
import androidx.room.Room
import com.example.habits.core.data.local.HabitDao
import com.example.habits.core.data.local.HabitDatabase
import com.example.habits.core.data.local.MIGRATION_1_2
import dagger.Module
import dagger.Provides
import dagger.hilt.InstallIn
import dagger.hilt.android.qualifiers.ApplicationContext
import dagger.hilt.components.SingletonComponent
import javax.inject.Singleton

@Module
@InstallIn(SingletonComponent::class)
object DatabaseModule {
    @Provides @Singleton
    fun provideDatabase(@ApplicationContext context: Context): HabitDatabase =
        Room.databaseBuilder(context, HabitDatabase::class.java, "habits.db")
            .addMigrations(MIGRATION_1_2)
            .build()

    @Provides fun provideHabitDao(db: HabitDatabase): HabitDao = db.habitDao()
}
