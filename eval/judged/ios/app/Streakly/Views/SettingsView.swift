import SwiftUI

struct SettingsView: View {
    @Environment(AppSettings.self) private var settings

    var body: some View {
        @Bindable var settings = settings
        Form {
            Section("Notifications") {
                Toggle("Daily reminders", isOn: $settings.remindersEnabled)
                    .onChange(of: settings.remindersEnabled) { _, enabled in
                        if enabled { Task { await PushRegistrationService.requestAuthorization() } }
                    }
                Stepper("Default hour: \(settings.defaultReminderHour):00", value: $settings.defaultReminderHour, in: 0...23)
            }
            Section("About") {
                LabeledContent("Version", value: Bundle.main.appVersion)
            }
        }
        .navigationTitle("Settings")
    }
}

extension Bundle {
    var appVersion: String { infoDictionary?["CFBundleShortVersionString"] as? String ?? "?" }
}
