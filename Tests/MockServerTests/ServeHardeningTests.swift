import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
@testable import MockServer
import Synchronization
import TestSupport
import Testing

/// What keeps `serve` answering and its state bounded under hostile clients: resets that reset,
/// per-session journal clearing, capped tokens and sessions, a bounded nearest-route search.
@Suite struct ServeHardeningTests {
    @Test func faultResetResetsTheConnection() throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let connection = try RawConnection(port: harness.server.port)
        connection.send("GET /Api/topics HTTP/1.1\r\nHost: 127.0.0.1\r\nPrefer: fault=reset\r\n\r\n")

        #expect(connection.readUntilClosed() == Data())
        #expect(connection.wasReset)
    }

    @Test func clearingTheJournalUnderASessionClearsOnlyThatSession() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        _ = try await harness.send(.get, "topics", headers: [("X-Apicheck-Session", "a")])
        _ = try await harness.send(.get, "topics", headers: [("X-Apicheck-Session", "b")])
        _ = try await harness.send(.get, "config/main.json")

        #expect(try await harness.send(.delete, "/__apicheck/requests", headers: [("X-Apicheck-Session", "a")]).status == 204)

        let left = try ServeHarness.json(try await harness.send(.get, "/__apicheck/requests"))["requests"]
        guard case let .array(entries)? = left else { Issue.record("no journal"); return }
        #expect(entries.map { $0["session"]?.stringValue ?? "-" } == ["b", "-"])
    }

    @Test func sessionsPastTheCapForgetTheOldest() {
        let book = ScenarioBook(initial: [:], maxSessions: 3)
        for name in ["s1", "s2", "s3", "s4", "s5"] {
            book.set(ServeChoice(scenario: "not_found"), for: "statuses.show", session: name)
        }

        #expect(book.sessionCount == 3)
        #expect(book.choices(session: "s1").isEmpty)
        #expect(book.choice(for: "statuses.show", session: "s5").scenario == "not_found")
        // A session cleared and made again is the youngest, not forgotten for its first life.
        book.clear(nil, session: "s3")
        book.set(ServeChoice(scenario: "not_found"), for: "statuses.show", session: "s3")
        book.set(ServeChoice(scenario: "not_found"), for: "statuses.show", session: "s6")
        #expect(book.choice(for: "statuses.show", session: "s3").scenario == "not_found")
        #expect(book.sessionCount == 3)
    }

    @Test func tokensAreKeptPerAccountAndCapped() {
        let store = TokenStore(revokesEarlierTokens: true, capacity: 3)
        let first = store.issue(account: "a").accessToken
        let second = store.issue(account: "a").accessToken
        #expect(store.state(of: first) == .revokedByLogin)
        #expect(store.state(of: second) == .issued)

        let others = (0..<10).map { store.issue(account: "user\($0)").accessToken }

        #expect(store.count == 3)
        #expect(store.state(of: second) == .neverIssued)
        #expect(store.state(of: others.last) == .issued)
        store.revoke(others[9])
        #expect(store.state(of: others[9]) == .revokedByLogin)
        store.logOut(others[8])
        #expect(store.state(of: others[8]) == .loggedOut)
    }

    @Test func aTokenInUseOutlivesALoginFlood() {
        let store = TokenStore(revokesEarlierTokens: true, capacity: 4)
        let kept = store.issue(account: "fresh").accessToken
        let idle = store.issue(account: "idle").accessToken
        for index in 0..<50 {
            _ = store.issue(account: "flood\(index)")
            #expect(store.state(of: kept) == .issued)
        }

        #expect(store.state(of: idle) == .neverIssued)
        #expect(store.count == 4)
    }

    @Test func theNearestRouteSearchComparesABoundedPartOfAHugePath() {
        let suggestions = RouteSuggestions(Demo.api.endpoints)
        let huge = Substring("statuses/" + String(repeating: "x/", count: 15_000))

        let (closest, cells) = suggestions.closest(to: huge, method: "GET")

        #expect(closest.count == 3)
        // A 30 KB path against every template would be millions of cells.
        #expect(cells <= Demo.api.endpoints.count * suggestions.comparedLength * suggestions.comparedLength)
        #expect(suggestions.closest(to: "statuses/home_timelin", method: "GET").endpoints.first?.id == "statuses.homeTimeline")
    }

    @Test func aHugePathIsShownCutInTheAnswerTheLogAndTheJournal() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let path = "/Api/statuses/" + String(repeating: "ab/", count: 10_000)

        let answer = harness.server.respond(to: ServerRequest(method: "GET", path: path))

        #expect(answer.status == 404)
        #expect(answer.body.count < 4096)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("… (30014 bytes)"))
        let line = try #require(harness.log.all.last)
        #expect(line.utf8.count < 2048)
        let journal = try await harness.send(.get, "/__apicheck/requests")
        #expect(journal.body.count < 4096)
    }

    @Test func serveCapsTheConnectionsOfOneAddress() {
        #expect(MockServerOptions.defaultConfiguration.perClientConnectionLimit == 512)
    }
}
