import Foundation
import UserNotifications

/// Local fallback reminders when push is not authorised.
struct ReminderScheduler {
    let center = UNUserNotificationCenter.current()

    func schedule(for habit: Habit) async throws {
        guard let hour = habit.reminderHour else { return }
        let content = UNMutableNotificationContent()
        content.title = "\(habit.emoji) \(habit.name)"
        content.body = String(localized: "Keep your streak going!")
        var components = DateComponents()
        components.hour = hour
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        try await center.add(UNNotificationRequest(identifier: habit.id.uuidString, content: content, trigger: trigger))
    }

    func cancel(for habit: Habit) {
        center.removePendingNotificationRequests(withIdentifiers: [habit.id.uuidString])
    }
}
