import APICheck
import Dispatch
import Foundation
import HTTPServer
import ProxyServer
import Synchronization
import Testing
import TestSupport

/// Two endpoints on one route told apart by a body field: routing reads the request's body. A
/// compressed or large body is routed on a check worker, never on the loop its connection shares
/// with other clients; past the checks' budget it goes on unrouted and unchecked, counted, and
/// is never called an undeclared route.
@Suite(.serialized) struct ProxyBodyRoutingTests {
    struct Page: Codable, Sendable {
        var page: String
    }

    /// An answer whose decoding stops at a gate when its text is "wait", holding the check worker
    /// it runs on until the test opens the gate.
    struct Held: Decodable, Sendable {
        var text: String
        var padding: String

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            padding = try container.decode(String.self, forKey: .padding)
            if text == "wait" { ProxyBodyRoutingTests.gate.pass() }
        }

        enum CodingKeys: String, CodingKey { case text, padding }
    }

    static let gate = ProxyEnforceTests.Gate()

    static let api = API(
        name: "search", environments: ["prod": URL(string: "https://api.example/v1/")!], envelope: EnvelopePolicy(),
        endpoints: ["tag", "text"].map { kind -> any EndpointConvertible in
            Endpoint<Page>(
                id: "search.\(kind)", .post, "search", mock: kind, enveloped: false, distinguishedBy: .bodyField("kind", value: kind))
        } + [
            Endpoint<Held>(id: "hold", .get, "hold", mock: "hold", enveloped: false),
            Endpoint<Page>(id: "ping", .get, "ping", mock: "ping", enveloped: false),
        ])

    static let padding = String(repeating: "x", count: 100_000)

    static func upstream() throws -> TestServer {
        try TestServer { request in
            let body =
                request.path.hasSuffix("/hold")
                ? #"{"text": "wait", "padding": "\#(padding)"}"# : #"{"page": "1"}"#
            return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    static let json = [("Content-Type", "application/json")]

    @Test(arguments: ProxyEngine.allCases) func aLargeBodyIsRoutedByTheFieldItCarries(engine: ProxyEngine) async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/"), engine: engine) { $0.undeclaredIsError = true }
        defer { harness.stop() }
        let body = Data(#"{"q": "\#(Self.padding)", "kind": "tag"}"#.utf8)
        let answer = try await harness.send(.post, "/v1/search", headers: Self.json, body: body)
        #expect(answer.status == 200)
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.message) == [])
        #expect(harness.proxy.report(startedAt: Date()).endpointResults.map(\.endpoint) == ["search.tag"])
        #expect(upstream.requests.first?.body == body)
    }

    @Test func underEnforceACompressedBodyIsRoutedAndJudgedOffTheLoop() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/")) { $0.enforce = true }
        defer { harness.stop() }
        let headers = [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
        for kind in ["text", "tag"] {
            let body = try Data(#"{"kind": "\#(kind)"}"#.utf8).gzipped()
            #expect(try await harness.send(.post, "/v1/search", headers: headers, body: body).status == 200)
        }
        await harness.settled(2)
        #expect(upstream.requests.count == 2)
        #expect(harness.findings.map(\.finding.message) == [])
        let routed = harness.proxy.report(startedAt: Date()).endpointResults.map(\.endpoint)
        #expect(routed.sorted() == ["search.tag", "search.text"])
    }

    @Test func whileEveryWorkerIsBusyTheLoopServesOthersAndTheRequestWaitsToBeRouted() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/")) { $0.loops = 1 }
        defer { harness.stop() }
        // Every check worker held by a large answer's check. A worker is started for a check
        // only while more wait than run: each worker past the first takes one more held check
        // waiting behind the busy ones.
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let holds = 2 * workers - 1
        let passedBefore = Self.gate.waiting
        var opened = 0
        defer { Self.gate.open(holds - opened) }
        for index in 0..<holds { _ = try await harness.send("/v1/hold?n=\(index)") }
        while Self.gate.waiting < passedBefore + workers { try await Task.sleep(for: .milliseconds(5)) }

        let body = try Data(#"{"kind": "text", "q": "swift"}"#.utf8).gzipped()
        let connection = try RawConnection(port: try #require(harness.proxy.baseURL.port))
        let head =
            "POST /v1/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Encoding: gzip\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        #expect(connection.send(Data(head.utf8) + body))

        // The loop answers another client; the request waits for a worker to route it.
        #expect(try await harness.send("/v1/ping").status == 200)
        #expect(!upstream.requests.contains { $0.method == "POST" })

        Self.gate.open(holds)
        opened = holds
        let answer = try #require(connection.readUntilClosed())
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        await harness.settled(holds + 2)
        #expect(upstream.requests.last?.body == body)
        #expect(harness.proxy.report(startedAt: Date()).endpointResults.contains { $0.endpoint == "search.text" })
    }

    @Test func pastTheChecksBudgetItGoesOnUnroutedNeverCalledUndeclared() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: upstream.url("/v1/")) {
            $0.undeclaredIsError = true
            $0.checkBudget = 1
        }
        defer { harness.stop() }
        let passedBefore = Self.gate.waiting
        var opened = false
        defer { if !opened { Self.gate.open(1) } }
        _ = try await harness.send("/v1/hold")
        while Self.gate.waiting == passedBefore { try await Task.sleep(for: .milliseconds(5)) }

        let headers = [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
        let body = try Data(#"{"kind": "text"}"#.utf8).gzipped()
        #expect(try await harness.send(.post, "/v1/search", headers: headers, body: body).status == 200)
        #expect(upstream.requests.last?.body == body)
        Self.gate.open(1)
        opened = true
        await harness.settled(2)
        #expect(harness.findings.map(\.finding.message) == [])
        let document = harness.proxy.findingsJSON
        #expect(document.contains(#""uncheckedBehind":1"#), "\(document)")
        #expect(document.contains(#""undeclared":[]"#), "\(document)")
    }
}
