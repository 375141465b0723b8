import APICheck
import CurlClient
import Foundation
import MockServer
import Synchronization
import Testing
import TestSupport
import URLSessionClient

/// The client's refresh over a socket, against `serve`, through both network transports: a UI
/// test expires the tokens with the admin API, and the app's next calls refresh once and go on.
@Suite struct ClientRefreshOverServeTests {
    enum Network: String, CaseIterable, Sendable {
        case curl, urlSession

        func make() -> (transport: any Transport, shutdown: @Sendable () -> Void) {
            switch self {
            case .curl:
                let transport = CurlTransport()
                return (transport, transport.shutdown)
            case .urlSession:
                let transport = URLSessionTransport()
                return (transport, transport.shutdown)
            }
        }
    }

    @Test(arguments: Network.allCases)
    func concurrentCallsAfterAnExpiryRefreshOnceAndGoOn(network: Network) async throws {
        let mocks = try TemporaryMocks(files: RefreshingAPI.mocks)
        let harness = try ServeHarness(api: RefreshingAPI.api, mocks: mocks.url)
        let (transport, shutdown) = network.make()
        defer { shutdown(); harness.stop(); mocks.remove() }
        let session = Session()
        let events = Mutex<[SessionEvent]>([])
        session.observe { event in events.withLock { $0.append(event) } }
        let client = APIClient(api: RefreshingAPI.api, baseURL: harness.server.baseURL, transport: transport, session: session)
        _ = try await client.send(RefreshingAPI.login, ["user": "ada", "password": "pw"])
        let loginRefresh = try #require(session.refreshToken)

        let expired = try await harness.send(.post, "/__apicheck/tokens/expire", json: "")
        #expect(try ServeHarness.json(expired)["expired"] == .number("1"))
        let users = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await client.send(RefreshingAPI.me).user_id } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(users == Array(repeating: "@ada:notes", count: 8))
        let journal = try ServeHarness.json(try await harness.send(.get, "/__apicheck/requests"))
        guard case let .array(entries)? = journal["requests"] else { Issue.record("no journal"); return }
        let endpoints = entries.compactMap { $0["endpoint"]?.stringValue }
        #expect(endpoints.filter { $0 == "auth.refresh" }.count == 1)
        // The rotated refresh token is the session's, and the observers never heard of an expiry.
        #expect(session.refreshToken != loginRefresh)
        #expect(events.withLock { $0 } == [.loggedIn(endpoint: "auth.login"), .tokenRefreshed(endpoint: "auth.refresh")])

        // A refresh the server refuses ends the session: expire the tokens, spend the refresh token.
        _ = try await harness.send(.post, "/__apicheck/tokens/expire", json: "")
        let spent = try #require(session.refreshToken)
        _ = try await harness.send(.post, "auth/refresh", json: #"{"refresh_token": "\#(spent)"}"#)
        _ = try await harness.send(.post, "/__apicheck/tokens/expire", json: "")
        await #expect(throws: APIError.self) { try await client.send(RefreshingAPI.me) }
        #expect(session.token == nil)
        #expect(events.withLock { $0 }.last == .tokenExpired(endpoint: "account.me"))
    }
}
