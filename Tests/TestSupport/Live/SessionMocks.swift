import APICheck
import Foundation
import Synchronization

/// Answers from a mock folder the way a server with sessions does, so auth probes run in process
/// too: each login that sends the account's credentials issues a token of its own (in place of
/// the placeholder the mocks hold), the newest is live, an older one gets the endpoint's
/// `@logout` variant, and a token never issued or ended by a `.logsOut` endpoint gets `@expired`.
/// A variant pinned to an endpoint answers it whatever the token.
public final class SessionMocks: Transport {
    /// What `mocks/` holds in place of a real token (written by the sandbox's mock recorder).
    public static let placeholderToken = "2.00MockTokenForReplay"

    public let mocks: MockDirectory
    private let pinned: [String: String]
    private struct Sessions {
        var issued: [String] = []
        var ended: Set<String> = []
    }

    private let sessions = Mutex(Sessions())

    public init(directory: URL, api: API, pinned: [String: String] = [:]) {
        mocks = MockDirectory(directory, api: api)
        self.pinned = pinned
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let api = mocks.api
        guard let id = request.endpointID, let endpoint = api.endpoint(id) else {
            throw TransportError(.other, "no declared endpoint for \(request.method) \(request.url.path)")
        }
        let token = Self.token(of: request, placement: api.auth.placement)
        let scenario = pinned[id] ?? sessions.withLock { sessions -> String? in
            // A request without the token it needs gets the dead-token answer.
            guard let token else { return endpoint.requiresToken ? MockScenario.expired : nil }
            if sessions.ended.contains(token) || !sessions.issued.contains(token) { return MockScenario.expired }
            if token != sessions.issued.last { return MockScenario.logout }
            if endpoint.sessionEffect == .logsOut { sessions.ended.insert(token) }
            return nil
        }
        // An endpoint that takes a token without needing it has no auth variants: it answers as usual.
        guard let file = mocks.file(of: endpoint, scenario: scenario) ?? mocks.file(of: endpoint) else {
            throw TransportError(.other, "no mock for \(id): expected \(mocks.path(named: endpoint.mock + ".json"))")
        }
        guard case var .success(body) = mocks.data(of: file) else {
            throw TransportError(.other, "mock \(mocks.path(of: file)) cannot be read")
        }
        if api.auth.usesCredentials(endpoint), scenario == nil {
            body = issueToken(in: body)
        }
        return HTTPResponse(status: mocks.status(of: file), headers: [("Content-Type", "application/json; charset=utf-8")],
                            body: body, url: request.url, source: mocks.path(of: file))
    }

    /// A login answer with a fresh token (shaped like the placeholder) in place of the placeholder.
    private func issueToken(in body: Data) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        guard text.contains(Self.placeholderToken) else { return body }
        let token = sessions.withLock { sessions in
            let token = "2.00MockSession" + String(format: "%07d", sessions.issued.count + 1)
            sessions.issued.append(token)
            return token
        }
        return Data(text.replacingOccurrences(of: Self.placeholderToken, with: token).utf8)
    }

    private static func token(of request: HTTPRequest, placement: AuthPolicy.Placement) -> String? {
        switch placement {
        case let .query(name):
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
        case let .header(name, prefix):
            request.header(name).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        case let .cookie(name):
            request.header("Cookie")?.split(separator: ";").compactMap { pair -> String? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return parts.count == 2 && parts[0].trimmingCharacters(in: .whitespaces) == name ? String(parts[1]) : nil
            }.first
        }
    }
}
