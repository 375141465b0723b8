@testable import APICheck
import Foundation
import Synchronization
import Testing
import TestSupport

/// The client renews a dead token over the mock transport: one refresh however many calls find
/// the token dead, each call retried once, rotated refresh tokens kept, and the session's
/// observers told only when the refresh fails. Deterministic: where calls must overlap, the
/// refresh's answer is held until every call has reached the refresher.
@Suite struct APIClientRefreshTests {
    /// What the observers heard.
    final class Events: Sendable {
        private let events = Mutex<[SessionEvent]>([])
        init(_ session: Session) { session.observe { event in self.events.withLock { $0.append(event) } } }
        var all: [SessionEvent] { events.withLock { $0 } }
    }

    /// Sends through `inner`, but holds every request to `held` until `release()`, and can fail them instead.
    final class HoldingTransport: Transport {
        let inner: any Transport
        let held: String
        let latch = Latch()
        private let failing = Mutex(false)
        private let arrivals = Mutex(0)
        let arrived: @Sendable () -> Void

        init(_ inner: any Transport, holding held: String, arrived: @escaping @Sendable () -> Void = {}) {
            self.inner = inner
            self.held = held
            self.arrived = arrived
        }

        func failHeld(_ fails: Bool) { failing.withLock { $0 = fails } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.endpointID == held {
                arrived()
                await latch.wait()
                if failing.withLock({ $0 }) { throw TransportError(.refused, "connection refused") }
            }
            return try await inner.send(request)
        }
    }

    struct Fixture {
        let folder: TemporaryFolder
        let mocks: MockTransport
        let session: Session
        let events: Events

        init(token: String? = "at-old", refreshToken: String? = "rt-old") throws {
            folder = try RefreshingAPI.mockFolder()
            mocks = MockTransport(directory: folder.url, api: RefreshingAPI.api)
            session = Session(token: token, refreshToken: refreshToken)
            events = Events(session)
        }

        func client(_ transport: (any Transport)? = nil) -> APIClient {
            APIClient(api: RefreshingAPI.api, transport: transport ?? mocks, session: session)
        }

        func requests(of id: String) -> [HTTPRequest] { mocks.requests.filter { $0.endpointID == id } }

        func body(_ request: HTTPRequest) -> String { request.body.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    @Test func aDeadTokenIsRefreshedAndTheCallRetriedWithTheNewOne() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        let me = try await fixture.client().send(RefreshingAPI.me)
        #expect(me.user_id == "@ada:notes")
        #expect(fixture.mocks.requests.map(\.endpointID) == ["account.me", "auth.refresh", "account.me"])
        let sent = fixture.requests(of: "account.me").map { $0.token(placedBy: .bearer) }
        #expect(sent == ["at-old", "at-refreshed"])
        #expect(fixture.body(fixture.requests(of: "auth.refresh")[0]).contains("rt-old"))
        #expect(fixture.session.token == "at-refreshed")
        // Refresh tokens rotate: the new one replaces the one used.
        #expect(fixture.session.refreshToken == "rt-refreshed")
        #expect(fixture.events.all == [.tokenRefreshed(endpoint: "auth.refresh")])
    }

    @Test(arguments: [2, 16])
    func concurrentDeadTokensShareOneRefresh(calls: Int) async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        let arrivals = Mutex(0)
        let latchBox = Mutex<Latch?>(nil)
        // Every call reaches the refresher (it starts the refresh, or joins the running one)
        // before the refresh answers: only then do the calls truly overlap.
        let arrive: @Sendable () -> Void = {
            let all = arrivals.withLock {
                $0 += 1; return $0 == calls
            }
            if all { latchBox.withLock { $0 }?.open() }
        }
        let transport = HoldingTransport(fixture.mocks, holding: "auth.refresh", arrived: arrive)
        latchBox.withLock { $0 = transport.latch }
        let client = fixture.client(transport)
        client.refresher.onJoin { _ in arrive() }
        let users = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<calls { group.addTask { try await client.send(RefreshingAPI.me).user_id } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(users == Array(repeating: "@ada:notes", count: calls))
        #expect(fixture.requests(of: "auth.refresh").count == 1)
        #expect(fixture.requests(of: "account.me").count == 2 * calls)
        #expect(fixture.events.all == [.tokenRefreshed(endpoint: "auth.refresh")])
    }

    @Test func aRefusedRefreshEndsTheSessionAndTellsTheObserversOnce() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        fixture.mocks.use(ScenarioName.refused, for: "auth.refresh")
        let client = fixture.client()
        let failures = await withTaskGroup(of: APIError?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do { _ = try await client.send(RefreshingAPI.me); return nil } catch { return error as? APIError }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for failure in failures {
            guard case .tokenExpired? = failure?.reason else {
                Issue.record("expected a dead token, got \(String(describing: failure))"); continue
            }
            #expect(failure?.endpoint == "account.me")
        }
        #expect(fixture.requests(of: "auth.refresh").count == 1)
        #expect(fixture.events.all == [.tokenExpired(endpoint: "account.me")])
        #expect(fixture.session.token == nil)
        #expect(fixture.session.refreshToken == nil)
    }

    /// Refreshed once: when the new token is refused too, the call fails as a dead token does.
    @Test func aRetryRefusedAgainIsFinal() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.use(ScenarioName.expired, for: "account.me")
        await #expect(
            throws: APIError(
                endpoint: "account.me", reason: .tokenExpired(status: 401, code: .string("M_UNKNOWN_TOKEN")),
                source: fixture.folder.appendingPathComponent("me@expired.401.json").path)
        ) {
            try await fixture.client().send(RefreshingAPI.me)
        }
        #expect(fixture.mocks.requests.map(\.endpointID) == ["account.me", "auth.refresh", "account.me"])
        #expect(fixture.events.all == [.tokenRefreshed(endpoint: "auth.refresh"), .tokenExpired(endpoint: "account.me")])
        #expect(fixture.session.token == nil)
    }

    /// Nothing to refresh with (a session restored without its refresh token): expiry as before.
    @Test func withoutARefreshTokenADeadTokenEndsTheSession() async throws {
        let fixture = try Fixture(refreshToken: nil)
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        await #expect(throws: APIError.self) { try await fixture.client().send(RefreshingAPI.me) }
        #expect(fixture.requests(of: "auth.refresh").isEmpty)
        #expect(fixture.events.all == [.tokenExpired(endpoint: "account.me")])
    }

    /// No answer to the refresh says nothing about the session: it keeps its tokens, the call
    /// fails with the transport's error, and the next call refreshes.
    @Test func aRefreshWithoutAnAnswerKeepsTheSession() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        let transport = HoldingTransport(fixture.mocks, holding: "auth.refresh")
        transport.latch.open()
        transport.failHeld(true)
        let client = fixture.client(transport)
        do {
            _ = try await client.send(RefreshingAPI.me)
            Issue.record("the call succeeded without a refresh")
        } catch let error as APIError {
            #expect(error.endpoint == "auth.refresh")
            #expect(error.reason.kind == .unreachable)
        }
        #expect(fixture.session.token == "at-old")
        #expect(fixture.session.refreshToken == "rt-old")
        #expect(fixture.events.all.isEmpty)
        transport.failHeld(false)
        #expect(try await client.send(RefreshingAPI.me).user_id == "@ada:notes")
        #expect(fixture.session.token == "at-refreshed")
    }

    /// A login's refresh token is the session's; each refresh sends the one the last rotation gave.
    @Test func aLoginsRefreshTokenIsKeptAndRotatedOnEachRefresh() async throws {
        let fixture = try Fixture(token: nil, refreshToken: nil)
        defer { fixture.folder.remove() }
        let client = fixture.client()
        _ = try await client.send(RefreshingAPI.login, ["user": "ada", "password": "pw"])
        #expect(fixture.session.token == "at-login")
        #expect(fixture.session.refreshToken == "rt-login")
        fixture.mocks.expire(token: "at-login")
        _ = try await client.send(RefreshingAPI.me)
        fixture.mocks.expire(token: "at-refreshed")
        _ = try? await client.send(RefreshingAPI.me)
        let sent = fixture.requests(of: "auth.refresh").map(fixture.body)
        #expect(sent.count == 2)
        #expect(sent.first?.contains("rt-login") == true)
        #expect(sent.last?.contains("rt-refreshed") == true)
    }

    /// A server that does not rotate answers no new refresh token: the one held stays.
    @Test func aRefreshWithoutANewRefreshTokenKeepsTheOldOne() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        try Data(#"{"access_token": "at-refreshed", "expires_in": 300}"#.utf8).write(
            to: fixture.folder.appendingPathComponent("refresh.json"))
        fixture.mocks.expire(token: "at-old")
        _ = try await fixture.client().send(RefreshingAPI.me)
        #expect(fixture.session.token == "at-refreshed")
        #expect(fixture.session.refreshToken == "rt-old")
    }

    /// `call`, what live checks use, refreshes as `send` does and judges the retried answer.
    @Test func callJudgesTheRetriedAnswer() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "at-old")
        let outcome = await fixture.client().call(RefreshingAPI.me.erased)
        #expect(outcome.classification?.name == "success")
        #expect(outcome.exchange?.sentToken == "at-refreshed")
        #expect(fixture.events.all == [.tokenRefreshed(endpoint: "auth.refresh")])
    }

    /// Tokens the client did not take from its session (a probe's) are never refreshed.
    @Test func anExplicitTokenIsNotRefreshed() async throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.mocks.expire(token: "probe-token")
        let outcome = await fixture.client().call(RefreshingAPI.me.erased, token: .explicit("probe-token"))
        #expect(outcome.classification?.name == "tokenExpired")
        #expect(fixture.requests(of: "auth.refresh").isEmpty)
        #expect(fixture.events.all.isEmpty)
    }
}
