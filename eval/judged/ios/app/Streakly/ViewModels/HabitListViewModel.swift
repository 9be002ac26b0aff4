import Foundation
import Observation
import StreaklyCore
import SwiftData
import WidgetKit

@Observable
final class HabitListViewModel {
    private let calculator = StreakCalculator()
    private let dateProvider: DateProviding

    init(dateProvider: DateProviding = SystemDateProvider()) {
        self.dateProvider = dateProvider
    }

    func streak(for habit: Habit) -> Int {
        calculator.currentStreak(days: habit.checkIns.map(\.date), today: dateProvider.now)
    }

    func checkIn(_ habit: Habit, context: ModelContext) {
        let checkIn = CheckIn(date: dateProvider.now, habit: habit)
        context.insert(checkIn)
        try? context.save()
        WidgetCenter.shared.reloadTimelines(ofKind: "StreaklyWidget")
    }

    func delete(_ habits: [Habit], context: ModelContext) {
        habits.forEach(context.delete)
        try? context.save()
    }
}
