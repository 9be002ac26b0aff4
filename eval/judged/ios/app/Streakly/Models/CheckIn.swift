import Foundation
import SwiftData

@Model
final class CheckIn {
    var date: Date
    var note: String?
    var habit: Habit?

    init(date: Date = .now, note: String? = nil, habit: Habit? = nil) {
        self.date = date
        self.note = note
        self.habit = habit
    }
}
