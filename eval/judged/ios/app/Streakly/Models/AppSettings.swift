import Foundation
import Observation

@Observable
final class AppSettings {
    var remindersEnabled: Bool {
        didSet { UserDefaults.standard.set(remindersEnabled, forKey: "remindersEnabled") }
    }
    var defaultReminderHour: Int = 20

    init() {
        remindersEnabled = UserDefaults.standard.bool(forKey: "remindersEnabled")
    }
}
