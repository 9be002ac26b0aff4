import SwiftUI

struct HabitRowView: View {
    let habit: Habit
    let streak: Int

    var body: some View {
        HStack {
            Text(habit.emoji).font(.title2)
            Text(habit.name)
            Spacer()
            Label("\(streak)", systemImage: "flame.fill")
                .foregroundStyle(streak > 0 ? .orange : .secondary)
        }
    }
}
