import Charts
import SwiftUI

struct HabitDetailView: View {
    @Bindable var habit: Habit

    var body: some View {
        Form {
            Section("Name") {
                TextField("Name", text: $habit.name)
            }
            Section("Last 30 days") {
                Chart(habit.checkIns.sorted { $0.date < $1.date }) { checkIn in
                    BarMark(x: .value("Day", checkIn.date, unit: .day), y: .value("Done", 1))
                }
                .frame(height: 120)
            }
            Section("History") {
                ForEach(habit.checkIns.sorted { $0.date > $1.date }) { checkIn in
                    Text(checkIn.date, style: .date)
                }
            }
        }
        .navigationTitle(habit.name)
    }
}
