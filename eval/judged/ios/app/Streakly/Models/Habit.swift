import Foundation
import SwiftData

@Model
final class Habit {
    @Attribute(.unique) var id: UUID
    var name: String
    var emoji: String
    var reminderHour: Int?
    var createdAt: Date
    var archived: Bool = false

    @Relationship(deleteRule: .cascade, inverse: \CheckIn.habit)
    var checkIns: [CheckIn] = []

    init(name: String, emoji: String = "✅", reminderHour: Int? = nil, createdAt: Date = .now) {
        self.id = UUID()
        self.name = name
        self.emoji = emoji
        self.reminderHour = reminderHour
        self.createdAt = createdAt
    }
}
