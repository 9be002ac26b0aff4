import StreaklyCore
import SwiftData
import WidgetKit

struct StreakEntry: TimelineEntry {
    let date: Date
    let topHabits: [(name: String, emoji: String, streak: Int)]
}

struct StreakProvider: TimelineProvider {
    func placeholder(in context: Context) -> StreakEntry {
        StreakEntry(date: .now, topHabits: [("Read", "📚", 12)])
    }

    func getSnapshot(in context: Context, completion: @escaping (StreakEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StreakEntry>) -> Void) {
        Task { @MainActor in
            let entry = loadEntry()
            let midnight = Calendar.current.startOfDay(for: .now.addingTimeInterval(86_400))
            completion(Timeline(entries: [entry], policy: .after(midnight)))
        }
    }

    @MainActor
    private func loadEntry() -> StreakEntry {
        let context = SharedModelContainer.shared.mainContext
        let habits = (try? context.fetch(FetchDescriptor<Habit>(predicate: #Predicate { !$0.archived }))) ?? []
        let calc = StreakCalculator()
        let top = habits
            .map { ($0.name, $0.emoji, calc.currentStreak(days: $0.checkIns.map(\.date), today: .now)) }
            .sorted { $0.2 > $1.2 }
            .prefix(3)
        return StreakEntry(date: .now, topHabits: Array(top))
    }
}
