import APICheck
import Contracts
import Foundation
import HTTPServer
@testable import MockServer
import TestSupport
import Testing

/// An answer made from the request line alone is given again to the same line, and never once
/// anything it was made from has moved: a scenario, a fault, the mock on disk, a token, a session.
@Suite struct AnswerMemoTests {
    /// No look at a mock file falls due during a test, however slow the machine: an answer made
    /// while a look is due is not remembered (the look may find an edit), which would make the
    /// counts below depend on the clock.
    static var withoutLooks: MockServerOptions {
        var options = MockServerOptions()
        options.reloadInterval = 600
        return options
    }

    @Test func aPlainAnswerIsRememberedForItsLineAndGivenAgain() async throws {
        let harness = try ServeHarness(options: Self.withoutLooks)
        defer { harness.stop() }
        let first = try await harness.send(.get, "topics")
        let second = try await harness.send(.get, "topics")

        #expect(first.status == 200)
        #expect(second.body == first.body)
        #expect(second.header("X-Apicheck-Endpoint") == "topics.list")
        #expect(harness.server.memo.count == 1)
        // The journal and the log still see every request.
        #expect(harness.log.all.filter { $0.hasPrefix("GET /Api/topics -> 200 topics.list success") }.count == 2)
        let journal = try ServeHarness.json(try await harness.send(.get, "/__apicheck/requests"))
        guard case let .array(entries)? = journal["requests"] else {
            Issue.record("no journal")
            return
        }
        #expect(entries.count == 2)
        for entry in entries {
            #expect(entry["endpoint"]?.stringValue == "topics.list")
            #expect(entry["status"]?.int64Value == 200)
            #expect(entry["path"]?.stringValue == "/Api/topics")
        }
        // The remembered answer's entry shares what the first one kept rather than copying it.
        let kept = harness.server.admin.journal.all().filter { $0.exchange.endpoint == "topics.list" }
        #expect(kept.count == 2 && kept[0].exchange === kept[1].exchange)
    }

    /// An entry keeps when its request arrived on the clock its duration was measured with, and
    /// is shown at the wall-clock time that was.
    @Test func aJournalEntryIsShownAtTheWallClockTimeItsRequestArrived() {
        let arrived = ContinuousClock.now
        let exchange = RequestJournal.Exchange(
            method: "GET", path: "/Api/topics", query: [], endpoint: "topics.list",
            scenario: "success", session: nil, status: 200, problems: [])
        let entry = RequestJournal.Entry(exchange: exchange, arrived: arrived, milliseconds: 0.25)
        let now = Date(timeIntervalSince1970: 1_800_000_000)

        #expect(entry.time(now: now, clock: arrived + .milliseconds(2500)) == Date(timeIntervalSince1970: 1_799_999_997.5))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let shown = entry.json(
            formatter, targets: TargetDisplay(redactor: Redactor(fieldNames: [])), now: now, clock: arrived + .seconds(60))
        #expect(shown["time"]?.stringValue == "2027-01-15T07:59:00.000Z")
        #expect(shown["ms"]?.stringValue == nil && shown["ms"] == .number("0.25"))
    }

    @Test func aChoiceMadeThroughTheAdminAPIIsServedAtOnce() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        #expect(try await harness.send(.get, "topics").status == 200)
        #expect(try await harness.send(.get, "topics").status == 200)

        #expect(try await harness.send(.put, "/__apicheck/scenarios/topics.list", json: #"{"fault": "html-502"}"#).status == 200)
        #expect(try await harness.send(.get, "topics").status == 502)
        #expect(try await harness.send(.delete, "/__apicheck/scenarios/topics.list").status == 204)
        #expect(try await harness.send(.get, "topics").status == 200)
        #expect(try await harness.send(.put, "/__apicheck/scenarios/topics.list", json: #"{"code": 10504}"#).status == 200)
        let coded = try ServeHarness.json(try await harness.send(.get, "topics"))
        #expect(coded["code"]?.int64Value == 10504)
        #expect(try await harness.send(.post, "/__apicheck/reset", json: "{}").status < 300)
        #expect(try await harness.send(.get, "topics").status == 200)
    }

    @Test func aRequestCarryingAHeaderServeReadsIsAnsweredTheLongWay() async throws {
        let harness = try ServeHarness(options: Self.withoutLooks)
        defer { harness.stop() }
        _ = try await harness.send(.get, "topics")
        #expect(harness.server.memo.count == 1)

        let preferred = try await harness.send(.get, "topics", headers: [("Prefer", "fault=html-502")])
        #expect(preferred.status == 502)
        let session = [("X-Apicheck-Session", "ui-test-1")]
        #expect(
            try await harness.send(.put, "/__apicheck/scenarios/topics.list", headers: session, json: #"{"fault": "html-502"}"#).status
                == 200)
        #expect(try await harness.send(.get, "topics", headers: session).status == 502)
        #expect(try await harness.send(.get, "topics", headers: [("X-Unknown-To-Serve", "1")]).status == 200)
        #expect(try await harness.send(.get, "topics").status == 200)
        #expect(harness.server.memo.count == 1)
    }

    @Test func anAnswerThatReadsATokenOrMovesASessionIsNeverRememberedByItsLine() async throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let token = try await harness.login()
        #expect(!token.isEmpty)
        // A paged list and a plain read, each asked twice with a live token.
        let reads = ["statuses/home_timeline?access_token=\(token)", "statuses/3510?access_token=\(token)"]
        for read in reads + reads {
            #expect(try ServeHarness.json(try await harness.send(.get, read))["code"]?.int64Value == 200, "\(read.prefix(14))")
        }
        #expect(harness.server.memo.count == 0)

        _ = try await harness.send(.post, "Account/logout?access_token=\(token)")
        for read in reads {
            #expect(try ServeHarness.json(try await harness.send(.get, read))["code"]?.int64Value != 200, "\(read.prefix(14))")
        }
    }

    @Test func aRandomDelayIsDrawnForEveryRequest() throws {
        var options = MockServerOptions()
        options.delay = 0...3
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: options)
        let delays = (0..<60).map { _ in server.respond(to: ServerRequest(method: "GET", path: "/Api/topics")).delay }

        #expect(server.memo.count == 0)
        #expect(Set(delays).count > 1)
    }

    @Test func aLongLineIsAnsweredWithoutBeingKept() throws {
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: Self.withoutLooks)
        let long = ServerRequest(method: "GET", path: "/Api/topics", query: [(name: "pad", value: String(repeating: "x", count: 600))])
        #expect(server.respond(to: long).status == 200)
        #expect(server.memo.count == 0)
        #expect(server.respond(to: ServerRequest(method: "GET", path: "/Api/topics")).status == 200)
        #expect(server.memo.count == 1)
    }

    @Test func distinctLinesPastTheCapacityStartTheMemoOver() throws {
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: Self.withoutLooks)
        for index in 0..<(AnswerMemo.capacity + 10) {
            _ = server.respond(to: ServerRequest(method: "GET", path: "/Api/topics", query: [(name: "n", value: String(index))]))
        }
        #expect(server.memo.count == 10)
    }

    /// An edit is served as soon as serve would see it without the memo: at the file's next look.
    @Test(.timeLimit(.minutes(1))) func anEditedMockIsServedOnceItsFileIsLookedAtAgain() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let server = try MockServer(api: Demo.api, mocks: mocks.url, options: Self.withLooks)
        let ask = { server.respond(to: ServerRequest(method: "GET", path: "/Api/topics")).body }
        try await Self.editTopics(in: mocks, remembered: { server.memo.count > 0 }, ask: ask)
    }

    /// Over HTTP a remembered answer is given before the request is built (the server's line
    /// shortcut), and an edit is still served at the file's next look.
    @Test(.timeLimit(.minutes(1))) func anEditedMockIsServedOverHTTPOnceItsFileIsLookedAtAgain() async throws {
        let mocks = try TemporaryMocks(copyingDemo: true)
        defer { mocks.remove() }
        let harness = try ServeHarness(mocks: mocks.url, options: Self.withLooks)
        defer { harness.stop() }
        let ask = { try await harness.send(.get, "topics").body }
        try await Self.editTopics(in: mocks, remembered: { harness.server.memo.count > 0 }, ask: ask)
    }

    /// Looks at the mock files 50 ms apart.
    static var withLooks: MockServerOptions {
        var options = MockServerOptions()
        options.reloadInterval = 0.05
        return options
    }

    /// Asks for topics until the answer is remembered (with looks 50 ms apart, a slow machine may
    /// make the first answer while a look is due), edits its mock, and asks until the edit is served.
    static func editTopics(in mocks: TemporaryMocks, remembered: () -> Bool, ask: () async throws -> Data) async throws {
        var before = try await ask()
        while !remembered() { before = try await ask() }

        var document = try JSONParser.parse(before)
        document.set(.string("edited"), at: JSONPath([.key("msg")]))
        try mocks.write("topics.json", document.compactText)
        var served = before
        while served == before {
            try await Task.sleep(for: .milliseconds(20))
            served = try await ask()
        }
        #expect(try JSONParser.parse(served)["msg"]?.stringValue == "edited")
    }

    /// A look that finds the file unchanged leaves the remembered answer good until the next
    /// look is due: the request after it is given from memory, sharing the first one's record.
    @Test(.timeLimit(.minutes(1))) func anAnswerIsGivenFromMemoryAgainOnceALookFindsItsFileUnchanged() async throws {
        var options = MockServerOptions()
        options.reloadInterval = 0.2
        let server = try MockServer(api: Demo.api, mocks: ServeHarness.demoMocks, options: options)
        let request = ServerRequest(method: "GET", path: "/Api/topics")
        while true {
            server.admin.journal.clear()
            let looks = server.mockChecks
            _ = server.respond(to: request)
            let looksAfterFirst = server.mockChecks
            try await Task.sleep(for: .milliseconds(250))
            _ = server.respond(to: request)
            _ = server.respond(to: request)
            // Exactly one look, by the second request: on a slow machine the first or the third
            // may fall due too, and is rightly answered the long way; then try again.
            let kept = server.admin.journal.all()
            guard looksAfterFirst == looks, server.mockChecks == looks + 1, kept.count == 3 else { continue }
            #expect(kept[2].exchange === kept[0].exchange)
            break
        }
    }
}
