package com.example.habits.ui.stats

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp

@Composable
fun StatsScreen(completionRate: Float, longestStreak: Int) {
    Column(Modifier.padding(16.dp)) {
        Text("Completion: ${(completionRate * 100).toInt()}%")
        Text("Longest streak: $longestStreak days")
    }
}
