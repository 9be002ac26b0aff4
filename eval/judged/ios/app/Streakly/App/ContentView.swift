import SwiftUI

struct ContentView: View {
    var body: some View {
        TabView {
            NavigationStack { HabitListView() }
                .tabItem { Label("Habits", systemImage: "checkmark.circle") }
            NavigationStack { SettingsView() }
                .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}

#Preview {
    ContentView()
        .modelContainer(for: [Habit.self, CheckIn.self], inMemory: true)
        .environment(AppSettings())
}
