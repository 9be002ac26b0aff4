import SwiftData
import SwiftUI

struct HabitListView: View {
    @Environment(\.modelContext) private var context
    @Query(filter: #Predicate<Habit> { !$0.archived }, sort: \Habit.createdAt)
    private var habits: [Habit]
    @State private var viewModel = HabitListViewModel()
    @State private var showingAdd = false

    var body: some View {
        List {
            ForEach(habits) { habit in
                NavigationLink(value: habit) {
                    HabitRowView(habit: habit, streak: viewModel.streak(for: habit))
                }
                .swipeActions {
                    Button("Check in") { viewModel.checkIn(habit, context: context) }
                        .tint(.green)
                }
            }
            .onDelete { offsets in viewModel.delete(offsets.map { habits[$0] }, context: context) }
        }
        .navigationTitle("Habits")
        .navigationDestination(for: Habit.self) { HabitDetailView(habit: $0) }
        .toolbar {
            Button("Add", systemImage: "plus") { showingAdd = true }
        }
        .sheet(isPresented: $showingAdd) { AddHabitView() }
        .overlay {
            if habits.isEmpty {
                ContentUnavailableView("No habits yet", systemImage: "sparkles", description: Text("Tap + to start a streak."))
            }
        }
    }
}
