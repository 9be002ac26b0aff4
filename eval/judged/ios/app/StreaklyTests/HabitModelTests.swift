import Foundation
import SwiftData
import Testing
@testable import Streakly

@MainActor
@Suite struct HabitModelTests {
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(
            for: Habit.self, CheckIn.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true)
        )
    }

    @Test func deletingHabitCascadesCheckIns() throws {
        let context = container.mainContext
        let habit = Habit(name: "Run")
        context.insert(habit)
        context.insert(CheckIn(habit: habit))
        try context.save()

        context.delete(habit)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<CheckIn>()) == 0)
    }
}
