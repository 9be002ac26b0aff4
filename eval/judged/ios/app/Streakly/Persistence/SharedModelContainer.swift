import Foundation
import SwiftData

enum SharedModelContainer {
    static let appGroup = "group.app.streakly"

    static let shared: ModelContainer = {
        let schema = Schema([Habit.self, CheckIn.self])
        let config = ModelConfiguration(
            schema: schema,
            groupContainer: .identifier(appGroup)
        )
        do {
            return try ModelContainer(for: schema, configurations: [config])
        } catch {
            fatalError("Could not create ModelContainer: \(error)")
        }
    }()
}
