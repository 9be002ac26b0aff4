import SwiftUI
import WidgetKit

struct StreakWidgetView: View {
    let entry: StreakEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(entry.topHabits.prefix(family == .systemSmall ? 2 : 3), id: \.name) { habit in
                HStack {
                    Text(habit.emoji)
                    Text(habit.name).lineLimit(1)
                    Spacer()
                    Text("🔥\(habit.streak)").monospacedDigit()
                }
                .font(.caption)
            }
        }
    }
}
