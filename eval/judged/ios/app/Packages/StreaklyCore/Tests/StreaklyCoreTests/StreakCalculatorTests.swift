import Foundation
import Testing
@testable import StreaklyCore

@Suite("StreakCalculator")
struct StreakCalculatorTests {
    let calendar: Calendar = {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "Europe/Paris")!
        return cal
    }()

    @Test func emptyHistoryHasNoStreak() {
        let calc = StreakCalculator(calendar: calendar)
        #expect(calc.currentStreak(days: [], today: .now) == 0)
    }

    @Test(arguments: [1, 3, 7])
    func consecutiveDaysCount(length: Int) {
        let calc = StreakCalculator(calendar: calendar)
        let today = Date(timeIntervalSince1970: 1_717_200_000)
        let days = (0..<length).compactMap { calendar.date(byAdding: .day, value: -$0, to: today) }
        #expect(calc.currentStreak(days: days, today: today) == length)
    }
}
