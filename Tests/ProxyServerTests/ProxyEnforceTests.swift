import APICheck
import Dispatch
import Foundation
import HTTPServer
import ProxyServer
import Synchronization
import Testing
import TestSupport

/// `--enforce` judges a request before it goes on. A body whose check takes long (a large one, a
/// compressed one) must not be judged on the loop that serves its connection: the loop's other
/// clients would wait for it.
@Suite struct ProxyEnforceTests {
    /// A note whose decoding stops at a gate when its text is "wait": a check of it holds the
    /// thread it runs on until the test opens the gate.
    struct GatedNote: Codable, Sendable {
        var text: String
        var padding: String

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            padding = try container.decode(String.self, forKey: .padding)
            if text == "wait" { ProxyEnforceTests.gate.pass() }
        }
    }

    struct Ack: Decodable, Sendable {
        var ok: Bool
    }

    final class Gate: Sendable {
        private let entered = Atomic<Int>(0)
        private let release = DispatchSemaphore(value: 0)

        func pass() {
            entered.add(1, ordering: .releasing)
            release.wait()
        }

        func open(_ count: Int) {
            for _ in 0..<count { release.signal() }
        }

        /// Checks that have reached the gate so far.
        var waiting: Int { entered.load(ordering: .acquiring) }
    }

    static let gate = Gate()

    @Test func aLargeBodyIsJudgedOffItsLoopAndTheLoopServesOthersMeanwhile() async throws {
        let note = Endpoint<Ack>(id: "notes.add", .post, "notes", mock: "notes_add", enveloped: false, body: .json(GatedNote.self))
        let ping = Endpoint<Ack>(id: "ping", .get, "ping", mock: "ping", enveloped: false)
        let api = API(
            name: "notes", environments: ["local": URL(string: "http://127.0.0.1:9000/n/")!], envelope: EnvelopePolicy(),
            endpoints: [note, ping])
        let upstream = try TestServer { _ in .json(Data(#"{"ok": true}"#.utf8)) }
        defer { upstream.stop() }
        // One loop: every connection is its.
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/n/")) {
            $0.enforce = true
            $0.loops = 1
        }
        defer { harness.stop() }
        let padding = String(repeating: "x", count: 100_000)
        let json = [("Content-Type", "application/json")]
        let passedBefore = Self.gate.waiting
        let waiting = Data(#"{"text": "wait", "padding": "\#(padding)"}"#.utf8)
        let held = Task { try await harness.send(.post, "/n/notes", headers: json, body: waiting) }
        // Opened whatever happens, so that no thread stays held past the test.
        defer { Self.gate.open(1) }
        while Self.gate.waiting == passedBefore { try await Task.sleep(for: .milliseconds(5)) }

        // The request's check is held at the gate; the loop answers another client meanwhile.
        let pinged = try await harness.send("/n/ping")
        #expect(pinged.status == 200)
        #expect(upstream.requests.count == 1)

        Self.gate.open(1)
        let answer = try await held.value
        #expect(answer.status == 200)
        #expect(upstream.requests.count == 2)
        #expect(upstream.requests.last?.body == waiting)

        // A large body that breaks its declaration is refused, judged the same way, and never
        // reaches the upstream.
        let refused = try await harness.send(.post, "/n/notes", headers: json, body: Data(#"{"text": 5, "padding": "\#(padding)"}"#.utf8))
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("text"))
        #expect(upstream.requests.count == 2)
        await harness.settled(3)
        #expect(harness.findings.contains { $0.finding.kind == .invalidRequest && $0.finding.path == "$.text" })
    }

    @Test func aCompressedBodyThatBreaksItsDeclarationIsRefused() async throws {
        let note = Endpoint<Ack>(id: "notes.add", .post, "notes", mock: "notes_add", enveloped: false, body: .json(GatedNote.self))
        // Refused with the status the API's server refuses with (FastAPI's 422).
        let api = API(
            name: "notes", environments: ["local": URL(string: "http://127.0.0.1:9000/n/")!], envelope: EnvelopePolicy(),
            endpoints: [note]
        ).refusingInvalidRequests(with: 422)
        let upstream = try TestServer { _ in .json(Data(#"{"ok": true}"#.utf8)) }
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/n/")) { $0.enforce = true }
        defer { harness.stop() }
        let headers = [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
        let wrong = try Data(#"{"text": 5, "padding": ""}"#.utf8).gzipped()
        let refused = try await harness.send(.post, "/n/notes", headers: headers, body: wrong)
        #expect(refused.status == 422)
        #expect(upstream.requests.isEmpty)
        let right = try Data(#"{"text": "five", "padding": ""}"#.utf8).gzipped()
        let passed = try await harness.send(.post, "/n/notes", headers: headers, body: right)
        #expect(passed.status == 200)
        // The upstream gets the body as it came, compressed.
        #expect(upstream.requests.first?.body == right)
    }

    /// An answer that breaks its declaration under --enforce: the 502 the app reads and the line
    /// on stderr say where once (`$: expected String…`, not `$: $: expected String…`).
    @Test func aViolationSaysItsPathOnce() async throws {
        let health = Endpoint<String>(id: "healthcheck", .get, "health", mock: "health", enveloped: false)
        let api = API(name: "h", envelope: .none, endpoints: [health])
        let upstream = try TestServer { _ in .json(Data(#"{"ok": true}"#.utf8)) }
        defer { upstream.stop() }
        let lines = Mutex<[String]>([])
        let harness = try ProxyHarness(api: api, upstream: upstream.url("/")) {
            $0.enforce = true
            $0.logText = { text in lines.withLock { $0.append(text) } }
        }
        defer { harness.stop() }
        let answer = try await harness.send("/health")
        #expect(answer.status == 502)
        let detail = try JSONParser.parse(answer.body)["detail"]?.stringValue
        #expect(detail == "healthcheck: $: expected String, found Object", "\(detail ?? "")")
        await harness.settled(1)
        #expect(lines.withLock { $0 } == ["error healthcheck decode $: expected String, found Object\n"])
    }
}
