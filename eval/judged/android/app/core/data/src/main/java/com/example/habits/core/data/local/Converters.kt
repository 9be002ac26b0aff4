package com.example.habits.core.data.local

import androidx.room.TypeConverter
import java.time.LocalDate
import java.time.LocalTime

class Converters {
    @TypeConverter fun fromDate(value: LocalDate?): String? = value?.toString()
    @TypeConverter fun toDate(value: String?): LocalDate? = value?.let(LocalDate::parse)
    @TypeConverter fun fromTime(value: LocalTime?): String? = value?.toString()
    @TypeConverter fun toTime(value: String?): LocalTime? = value?.let(LocalTime::parse)
}
