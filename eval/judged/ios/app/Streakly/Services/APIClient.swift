import Alamofire
import Foundation

struct APIConfig {
    static let baseURL = URL(string: "https://api.streakly.app")!
}

enum APIError: Error {
    case server(statusCode: Int)
    case decoding(Error)
}

final class APIClient: Sendable {
    static let shared = APIClient()
    private let session: Session

    init(session: Session = .default) {
        self.session = session
    }

    func post<Body: Encodable & Sendable, Response: Decodable & Sendable>(
        _ path: String, body: Body, as: Response.Type
    ) async throws -> Response {
        try await session.request(
            APIConfig.baseURL.appending(path: path),
            method: .post,
            parameters: body,
            encoder: JSONParameterEncoder.default
        )
        .validate(statusCode: 200..<300)
        .serializingDecodable(Response.self)
        .value
    }
}
