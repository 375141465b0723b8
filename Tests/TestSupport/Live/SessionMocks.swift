import APICheck
import Foundation
import Synchronization

/// Answers from a mock folder the way a server with sessions does, so auth probes run in process
/// too: each login that sends the account's credentials issues a token of its own (in place of
/// the placeholder the mocks hold), and every request's token is read and answered as the core's
/// token model says (`TokenStore`, `TokenLifecycle`, the placement's one reader): the same
/// answers `serve` gives. A variant pinned to an endpoint answers it whatever the token.
public final class SessionMocks: Transport {
    /// What `mocks/` holds in place of a real token (written by the sandbox's mock recorder).
    public static let placeholderToken = "2.00MockTokenForReplay"

    public let mocks: MockDirectory
    /// Every token this tier issued or accepts.
    public let tokens: TokenStore
    private let lifecycle: TokenLifecycle
    private let pinned: [String: ScenarioName]
    private let issuedCount = Mutex(0)

    /// `beforehand` is the token issued beforehand this tier accepts (a variable's token, Basic
    /// credentials), for an API without login.
    public init(directory: URL, api: API, pinned: [String: ScenarioName] = [:], beforehand: String? = nil) {
        mocks = MockDirectory(directory, api: api)
        tokens = TokenStore(api: api)
        lifecycle = api.tokenLifecycle
        self.pinned = pinned
        if let beforehand { tokens.acceptBeforehand(beforehand) }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let api = mocks.api
        guard let id = request.endpointID, let endpoint = api.endpoint(id) else {
            throw TransportError(.other, "no declared endpoint for \(request.method) \(request.url.path)")
        }
        var scenario = pinned[id]
        if scenario == nil, endpoint.requiresToken {
            let token = api.auth.placement.token(in: request)
            let state = tokens.state(of: token)
            switch lifecycle.answer(for: state) {
            case .accepted:
                if endpoint.sessionEffect == .logsOut, let token { tokens.logOut(token) }
            case .deadToken: scenario = ScenarioName.expired
            case .forcedLogout: scenario = ScenarioName.logout
            case let .signals(signals):
                let made = api.signalledAnswer(signals.first ?? .status(401), for: endpoint, state: state, like: mocks.errorExample())
                return HTTPResponse(
                    status: made.status, headers: [("Content-Type", made.contentType)], body: made.body,
                    url: request.url, source: "(the token model)")
            }
        }
        // An endpoint that takes a token without needing it has no auth variants: it answers as usual.
        guard let file = mocks.file(of: endpoint, scenario: scenario) ?? mocks.file(of: endpoint) else {
            throw TransportError(.other, "no mock for \(id): expected \(mocks.path(named: endpoint.mock + ".json"))")
        }
        guard case var .success(body) = mocks.data(of: file) else {
            throw TransportError(.other, "mock \(mocks.path(of: file)) cannot be read")
        }
        if api.auth.usesCredentials(endpoint), scenario == nil {
            body = issueToken(in: body, account: "account")
        }
        return HTTPResponse(
            status: mocks.status(of: file), headers: [("Content-Type", "application/json; charset=utf-8")],
            body: body, url: request.url, source: mocks.path(of: file))
    }

    /// A login answer with a fresh token (shaped like the placeholder) in place of the placeholder.
    private func issueToken(in body: Data, account: String) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        guard text.contains(Self.placeholderToken) else { return body }
        let number = issuedCount.withLock { count in
            count += 1
            return count
        }
        let token = tokens.issue(account: account, token: "2.00MockSession" + String(format: "%07d", number)).accessToken
        return Data(text.replacingOccurrences(of: Self.placeholderToken, with: token).utf8)
    }
}
