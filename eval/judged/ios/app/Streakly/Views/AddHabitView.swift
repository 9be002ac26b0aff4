import SwiftData
import SwiftUI

struct AddHabitView: View {
    @Environment(\.modelContext) private var context
    @Environment(\.dismiss) private var dismiss
    @State private var name = ""
    @State private var emoji = "✅"
    @State private var remind = false
    @State private var reminderHour = 20

    var body: some View {
        NavigationStack {
            Form {
                TextField("Habit name", text: $name)
                TextField("Emoji", text: $emoji)
                Toggle("Daily reminder", isOn: $remind)
                if remind {
                    Stepper("At \(reminderHour):00", value: $reminderHour, in: 0...23)
                }
            }
            .navigationTitle("New habit")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        context.insert(Habit(name: name, emoji: emoji, reminderHour: remind ? reminderHour : nil))
                        dismiss()
                    }
                    .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
        }
    }
}
