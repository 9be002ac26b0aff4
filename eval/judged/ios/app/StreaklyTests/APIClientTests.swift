import Alamofire
import XCTest
@testable import Streakly

final class APIClientTests: XCTestCase {
    var client: APIClient!

    override func setUp() {
        super.setUp()
        let configuration = URLSessionConfiguration.af.default
        configuration.protocolClasses = [MockURLProtocol.self]
        client = APIClient(session: Session(configuration: configuration))
    }

    func testRegisterDeviceDecodesId() async throws {
        MockURLProtocol.responseData = #"{"deviceId":"abc"}"#.data(using: .utf8)
        MockURLProtocol.statusCode = 201
        let body = DeviceRegistration(token: "00ff", timezone: "Europe/Paris", reminderHour: 20)
        let response = try await client.post("/devices", body: body, as: RegistrationResponse.self)
        XCTAssertEqual(response.deviceId, "abc")
    }

    func testServerErrorThrows() async {
        MockURLProtocol.responseData = Data()
        MockURLProtocol.statusCode = 500
        let body = DeviceRegistration(token: "00ff", timezone: "UTC", reminderHour: 8)
        do {
            _ = try await client.post("/devices", body: body, as: RegistrationResponse.self)
            XCTFail("expected an error")
        } catch {}
    }
}
