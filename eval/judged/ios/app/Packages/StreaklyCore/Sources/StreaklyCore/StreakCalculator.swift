import Algorithms
import Foundation

/// Computes current and best streaks from a set of check-in days.
public struct StreakCalculator: Sendable {
    private let calendar: Calendar

    public init(calendar: Calendar = .current) {
        self.calendar = calendar
    }

    public func currentStreak(days: [Date], today: Date) -> Int {
        let normalized = Set(days.map { calendar.startOfDay(for: $0) })
        var cursor = calendar.startOfDay(for: today)
        if !normalized.contains(cursor) {
            guard let yesterday = calendar.date(byAdding: .day, value: -1, to: cursor) else { return 0 }
            cursor = yesterday
        }
        var count = 0
        while normalized.contains(cursor) {
            count += 1
            guard let previous = calendar.date(byAdding: .day, value: -1, to: cursor) else { break }
            cursor = previous
        }
        return count
    }

    public func bestStreak(days: [Date]) -> Int {
        let sorted = Set(days.map { calendar.startOfDay(for: $0) }).sorted()
        return sorted.chunked { a, b in
            calendar.dateComponents([.day], from: a, to: b).day == 1
        }.map(\.count).max() ?? 0
    }
}
