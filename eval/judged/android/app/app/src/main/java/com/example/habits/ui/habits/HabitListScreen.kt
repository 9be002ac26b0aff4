package com.example.habits.ui.habits

import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.Add
import androidx.compose.material3.*
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.res.stringResource
import androidx.hilt.navigation.compose.hiltViewModel
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import com.example.habits.R

@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun HabitListScreen(
    onAddHabit: () -> Unit,
    onOpenHabit: (Long) -> Unit,
    viewModel: HabitListViewModel = hiltViewModel(),
) {
    val state by viewModel.uiState.collectAsStateWithLifecycle()
    Scaffold(
        topBar = { TopAppBar(title = { Text(stringResource(R.string.habits_title)) }) },
        floatingActionButton = {
            FloatingActionButton(onClick = onAddHabit) {
                Icon(Icons.Default.Add, contentDescription = stringResource(R.string.add_habit))
            }
        },
    ) { padding ->
        when (val s = state) {
            HabitListUiState.Loading -> CircularProgressIndicator(Modifier.padding(padding))
            is HabitListUiState.Error -> Text(s.message, Modifier.padding(padding))
            is HabitListUiState.Success -> LazyColumn(Modifier.padding(padding).testTag("habit_list")) {
                items(s.habits, key = { it.habit.id }) { row ->
                    HabitRowItem(row, onToggle = { viewModel.toggleDone(row.habit.id) }, onClick = { onOpenHabit(row.habit.id) })
                }
            }
        }
    }
}

@Composable
private fun HabitRowItem(row: HabitRow, onToggle: () -> Unit, onClick: () -> Unit) {
    ListItem(
        headlineContent = { Text(row.habit.name) },
        supportingContent = { Text("${row.streak} day streak") },
        trailingContent = { Checkbox(checked = row.doneToday, onCheckedChange = { onToggle() }) },
    )
}
