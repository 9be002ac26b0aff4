import Foundation
import StreaklyCore
import SwiftData
import Testing
@testable import Streakly

@MainActor
struct HabitListViewModelTests {
    @Test func checkInIncrementsStreak() throws {
        let container = try ModelContainer(for: Habit.self, CheckIn.self,
                                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let now = Date(timeIntervalSince1970: 1_717_200_000)
        let vm = HabitListViewModel(dateProvider: FixedDateProvider(now))
        let habit = Habit(name: "Read")
        container.mainContext.insert(habit)

        vm.checkIn(habit, context: container.mainContext)
        #expect(vm.streak(for: habit) == 1)
    }
}
