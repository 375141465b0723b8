import APICheck
import CurlClient
import Foundation
import ProxyServer
import RelayExample
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Answers larger than the proxy gathers go to the client as they arrive: byte for byte, past
/// `--max-body`, with the upstream held back while the client does not read, and checked from a
/// copy up to the check's cap.
@Suite struct ProxyStreamingTests {
    static let octets = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"

    /// The same exchange made directly and through the proxy: status, end-to-end headers and body.
    static func compare(_ harness: ProxyHarness, _ upstream: BulkUpstream, _ path: String, headers: [(name: String, value: String)] = [])
        async throws -> HTTPResponse
    {
        let direct = try await harness.client.send(HTTPRequest(method: .get, url: upstream.url(path), headers: headers))
        let proxied = try await harness.send(path, headers: headers)
        #expect(proxied.status == direct.status)
        // Compared outside #expect: a failed comparison of two large bodies would have it diff
        // them, which takes longer than the test.
        let same = proxied.body == direct.body
        #expect(same, "\(proxied.body.count) bytes through the proxy, \(direct.body.count) directly")
        for name in ["Content-Type", "Content-Encoding"] { #expect(proxied.header(name) == direct.header(name)) }
        return proxied
    }

    @Test(arguments: ProxyEngine.allCases) func anAnswerPastMaxBodyPassesByteForByte(engine: ProxyEngine) async throws {
        let body = BulkUpstream.bytes(40 << 20)
        let upstream = try BulkUpstream(head: Self.octets, body: body)
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine) {
            $0.upstreamConfiguration.maxBodyBytes = 8 << 20
        }
        defer { harness.stop() }
        let proxied = try await Self.compare(harness, upstream, "/relay/bulk")
        #expect(proxied.body.count == body.count)
    }

    @Test(arguments: ProxyEngine.allCases) func chunkedAndGzipAnswersPassByteForByte(engine: ProxyEngine) async throws {
        let plain = BulkUpstream.bytes(3 << 20)
        let chunked = try BulkUpstream(head: Self.octets, body: plain, chunked: true)
        defer { chunked.stop() }
        let gzipped = try Data(plain).gzipped()
        let compressed = try BulkUpstream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n", body: Array(gzipped))
        defer { compressed.stop() }
        for upstream in [chunked, compressed] {
            let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
            defer { harness.stop() }
            let proxied = try await Self.compare(harness, upstream, "/relay/bulk", headers: [("Accept-Encoding", "gzip")])
            let expected = proxied.body == (upstream === compressed ? gzipped : Data(plain))
            #expect(expected)
        }
    }

    @Test(arguments: ProxyEngine.allCases) func aClientThatDoesNotReadHoldsTheUpstreamBack(engine: ProxyEngine) async throws {
        let total = 64 << 20
        let upstream = try BulkUpstream(head: Self.octets, body: BulkUpstream.bytes(total))
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine)
        defer { harness.stop() }
        let client = try Self.connect(port: harness.proxy.baseURL.port!)
        defer { close(client.socket) }
        client.write(Array("GET /relay/bulk HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        // The head reaches the client while the upstream is still sending: the answer is not gathered first.
        let head = try #require(client.readHead())
        #expect(head.hasPrefix("HTTP/1.1 200"))
        while upstream.heldBackAt < 0, !upstream.finished {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!upstream.finished)
        // What is on the way is the socket buffers' and the proxy's stream's, not the answer.
        let held = upstream.heldBackAt
        #expect(held >= 0 && held < 32 << 20, "the upstream got \(held) of \(total) bytes out to a client that read nothing")
    }

    @Test(arguments: ProxyEngine.allCases) func aStreamedAnswerIsCheckedFromItsCopy(engine: ProxyEngine) async throws {
        // Not JSON, on a declared route, larger than the proxy gathers: the check still reads it.
        let broken = try BulkUpstream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", body: Array(repeating: UInt8(ascii: "["), count: 1 << 20))
        defer { broken.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: broken.url("/relay/"), engine: engine)
        defer { harness.stop() }
        _ = try await Self.compare(harness, broken, "/relay/version")
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.kind) == [.notJSON])
    }

    /// Under --enforce an answer waits for its verdict. A big one is checked on a worker, not
    /// on the loop, and its verdict (here a violation) still reaches the loop's client.
    @Test(.timeLimit(.minutes(1))) func underEnforceABigAnswerIsAnsweredWithItsWorkersVerdict() async throws {
        let upstream = try BulkUpstream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", body: Array(repeating: UInt8(ascii: "["), count: 200 << 10))
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/")) { $0.enforce = true }
        defer { harness.stop() }
        let proxied = try await harness.send("/relay/version")
        #expect(proxied.status == 502)
        #expect(String(decoding: proxied.body, as: UTF8.self).contains("contract_violation"))
        await harness.settled(1)
        #expect(harness.findings.map(\.finding.kind) == [.notJSON])
    }

    @Test(arguments: ProxyEngine.allCases) func anAnswerPastTheCheckCapPassesUncheckedWithAnInfoFinding(engine: ProxyEngine) async throws {
        let upstream = try BulkUpstream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", body: Array(repeating: UInt8(ascii: "["), count: 3 << 20))
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine) {
            $0.upstreamConfiguration.maxBodyBytes = 1 << 20
        }
        defer { harness.stop() }
        _ = try await Self.compare(harness, upstream, "/relay/version")
        await harness.settled(1)
        let findings = harness.findings.map(\.finding)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.kind == .unchecked && finding.severity == .info && finding.endpoint != nil)
        #expect(finding.message.contains("past the check's cap"))
    }

    @Test(arguments: ProxyEngine.allCases) func aCopyPastTheChecksBudgetIsLetGoAndCounted(engine: ProxyEngine) async throws {
        // Broken JSON that would be a finding, were it read: the budget lets go of its copy first.
        let upstream = try BulkUpstream(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", body: Array(repeating: UInt8(ascii: "["), count: 1 << 20))
        defer { upstream.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: upstream.url("/relay/"), engine: engine) { $0.checkBudget = 512 << 10 }
        defer { harness.stop() }
        _ = try await Self.compare(harness, upstream, "/relay/version")
        await harness.settled(1)
        #expect(harness.findings.isEmpty)
        let report = harness.proxy.report(startedAt: Date())
        #expect(report.runFindings.contains { $0.message.hasPrefix("1 exchange passed on unchecked") })
    }

    static func connect(port: Int) throws -> FrameSocket {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw CocoaError(.fileReadUnknown)
        }
        return FrameSocket(fd)
    }
}
