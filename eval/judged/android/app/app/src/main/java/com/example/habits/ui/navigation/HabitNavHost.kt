package com.example.habits.ui.navigation

import androidx.compose.runtime.Composable
import androidx.navigation.NavType
import androidx.navigation.compose.NavHost
import androidx.navigation.compose.composable
import androidx.navigation.compose.rememberNavController
import androidx.navigation.navArgument
import com.example.habits.ui.edit.EditHabitScreen
import com.example.habits.ui.habits.HabitListScreen

@Composable
fun HabitNavHost() {
    val nav = rememberNavController()
    NavHost(navController = nav, startDestination = "habits") {
        composable("habits") {
            HabitListScreen(onAddHabit = { nav.navigate("edit") }, onOpenHabit = { nav.navigate("edit?habitId=$it") })
        }
        composable(
            "edit?habitId={habitId}",
            arguments = listOf(navArgument("habitId") { type = NavType.LongType; defaultValue = 0L }),
        ) {
            EditHabitScreen(onDone = { nav.popBackStack() })
        }
    }
}
