import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// The check memo saves parsing and decoding an exchange seen before, never a count: the same
/// traffic gives the same findings, counts, kept exchanges and coverage with it as without it.
@Suite struct ProxyMemoTests {
    /// The upstream answers with the mock's bytes, a drifted copy, broken JSON or an error, by
    /// the request's `X-Variant` header, which no endpoint declares: the checks never read it, so
    /// exchanges that differ by it differ only in the answer's bytes.
    static func upstream() throws -> TestServer {
        let good = try Data(contentsOf: LiveHarness.mocks.appendingPathComponent("topics.json"))
        let drifted = Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"likeNum\"", with: "\"likes\"").utf8)
        return try TestServer { request in
            switch request.header("X-Variant") {
            case "drift": .json(drifted)
            case "broken": ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data("{".utf8))
            case "error": ServerResponse(status: 500, headers: [("Content-Type", "text/html")], body: Data("<h1>down</h1>".utf8))
            default: .json(good)
            }
        }
    }

    /// Requests that differ only in their query (a valid and an invalid `page`) or only in the
    /// answer's bytes, each sent three times.
    static let exchanges: [(path: String, variant: String)] = [
        ("/Api/topics?page=2", "good"), ("/Api/topics?page=abc", "good"), ("/Api/topics?page=2", "drift"),
        ("/Api/topics?page=abc", "drift"), ("/Api/topics", "broken"), ("/Api/topics", "error"),
        ("/Api/statuses/home_timeline?access_token=t&count=x", "good"), ("/Api/statuses/home_timeline?access_token=t&count=3", "good"),
    ]

    struct Seen: Equatable {
        var findings: [String]
        var coverage: JSONValue?
        var exchanges: JSONValue?
        var memoHits: Int
    }

    static func run(memo: Bool, upstream: TestServer, engine: ProxyEngine) async throws -> Seen {
        let harness = try ProxyHarness(api: Demo.api, upstream: upstream.url("/Api/"), mocks: LiveHarness.mocks, engine: engine) {
            options in
            if !memo { options.checkMemoEntries = 0 }
        }
        defer { harness.stop() }
        var sent = 0
        for _ in 0..<3 {
            for exchange in exchanges {
                _ = try await harness.send(exchange.path, headers: [("X-Variant", exchange.variant)])
                // One at a time, so that the first exchange of each group is the same in both runs.
                sent += 1
                await harness.settled(sent)
            }
        }
        let document = try JSONParser.parse(Data(harness.proxy.findingsJSON.utf8))
        let findings = harness.findings.map { group in
            "\(group.finding.severity) \(group.finding.endpoint ?? "-") \(group.finding.kind) \(group.finding.path ?? "-") "
                + "×\(group.count) \(group.finding.message) "
                + (group.exchange.map { "\($0.method) \($0.path) \($0.status ?? 0) \($0.responseBody?.hashValue ?? 0)" } ?? "-")
        }
        return Seen(
            findings: findings, coverage: document["coverage"], exchanges: document["exchanges"],
            memoHits: { if case let .number(text)? = document["memoHits"] { Int(text) ?? -1 } else { -1 } }())
    }

    @Test(arguments: ProxyEngine.allCases) func findingsAndCoverageAreTheSameWithTheMemoAsWithout(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let with = try await Self.run(memo: true, upstream: upstream, engine: engine)
        let without = try await Self.run(memo: false, upstream: upstream, engine: engine)
        #expect(without.memoHits == 0)
        // Each exchange is kept on its second sight and found on its third.
        #expect(with.memoHits >= Self.exchanges.count - 1, "\(with.memoHits)")
        #expect(with.findings == without.findings)
        #expect(with.coverage == without.coverage)
        #expect(with.exchanges == without.exchanges)
        // The traffic did give findings of several kinds, each counted three times.
        #expect(Set(without.findings.map { $0.split(separator: " ")[2] }).count >= 3, "\(without.findings)")
        #expect(without.findings.allSatisfy { $0.contains(" ×3 ") || $0.contains(" ×6 ") }, "\(without.findings)")
    }

    /// A declared cookie is read from the `Cookie` header: exchanges that differ only by it are
    /// different exchanges to the memo, or a wrong cookie after a right one would pass unseen.
    @Test(arguments: ProxyEngine.allCases) func aDeclaredCookieIsPartOfTheMemosKey(engine: ProxyEngine) async throws {
        let feed = Endpoint<SyncAPI.Batch>(
            id: "feed", .get, "sync", parameters: [.cookie("page", .int, required: true)], mock: "sync_initial", enveloped: false)
        let api = API(
            name: "feed", environments: ["local": URL(string: "http://127.0.0.1:9000/client/")!], envelope: EnvelopePolicy(),
            endpoints: [feed])
        let upstream = try TestServer { _ in .json(Data(SyncAPI.mocks["sync_initial.json"]!.utf8)) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/client/"), engine: engine)
        defer { harness.stop() }
        var sent = 0
        for cookie in ["theme=dark; page=2", "theme=dark; page=2", "theme=dark; page=2", "theme=dark; page=two", "theme=dark; page=two"] {
            _ = try await harness.send("/client/sync", headers: [("Cookie", cookie)])
            sent += 1
            await harness.settled(sent)
        }
        let found = harness.findings.map { "\($0.finding.kind) ×\($0.count) \($0.finding.message)" }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("×2") == true && found.first?.contains("page") == true, "\(found)")
    }
}
