import Foundation
import UIKit
import UserNotifications

struct DeviceRegistration: Encodable, Sendable {
    let token: String
    let platform = "ios"
    let timezone: String
    let reminderHour: Int
}

struct RegistrationResponse: Decodable, Sendable {
    let deviceId: String
}

final class PushRegistrationService: Sendable {
    private let api: APIClient

    init(api: APIClient = .shared) {
        self.api = api
    }

    static func requestAuthorization() async {
        let granted = (try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])) ?? false
        if granted {
            await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
        }
    }

    func register(token: String) async {
        let body = DeviceRegistration(token: token, timezone: TimeZone.current.identifier, reminderHour: 20)
        do {
            let response = try await api.post("/devices", body: body, as: RegistrationResponse.self)
            UserDefaults.standard.set(response.deviceId, forKey: "deviceId")
        } catch {
            print("Device registration failed: \(error)")
        }
    }
}
