import APICheck
import CurlClient
import Foundation
import RelayExample
import TestSupport
import Testing

/// Typed request bodies live, on both tiers: the nested login and the form with a list reach the
/// Relay backend as it expects them, and the login's reproduce command is the body that was sent,
/// the password as `$RELAY_PASSWORD`, which a shell sends again for the same answer.
@Suite(.serialized) struct RelayTypedBodyLiveTests {
    @Test func overItsMocksTheTypedBodiesAreSent() async throws {
        let transport = MockTransport(directory: Relay.mocks, api: Relay.api)
        let report = await RelayLiveTests.live(
            transport, URL(string: "http://mock.invalid/relay/")!, probes: false,
            only: ["auth.login", "metrics.series"])
        #expect(report.verdict == .holds)
        let sent = transport.requests.first { $0.endpointID == "metrics.series" }
        #expect(
            sent.flatMap(\.body).map { String(decoding: $0, as: UTF8.self) } == "limit=10&match%5B%5D=up&match%5B%5D=relay_messages_total")
    }

    @Test func theBackendAcceptsThemAndTheReproduceCommandSendsTheSameBody() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await RelayLiveTests.live(CurlTransport(), backend.baseURL, probes: false, only: ["auth.login", "metrics.series"])
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        let series = try #require(report.results.first { $0.name == "metrics.series" })
        #expect(series.status == 200)
        let login = try #require(report.results.first { $0.name == "auth.login" })
        let command = ReproduceCommand.curl(try #require(login.request))
        #expect(command.contains(#""identifier":{"type":"m.id.user","user":"'"$RELAY_USER"'"}"#), "\(command)")
        #expect(command.contains(#""password":"'"$RELAY_PASSWORD"'""#), "\(command)")
        #expect(!command.contains(Relay.credentials[Relay.password]!))

        let folder = try TemporaryFolder("relay-reproduce")
        defer { folder.remove() }
        let statusFile = folder.appendingPathComponent("status")
        _ = FileManager.default.createFile(atPath: statusFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: statusFile)
        _ = try Spawn.run(
            "/bin/sh", ["-c", command + " -s -o /dev/null -w '%{http_code}'"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(Relay.credentials) { $1 },
            stdout: out.fileDescriptor)
        try out.close()
        #expect(try String(contentsOf: statusFile, encoding: .utf8) == "200")
    }

    /// An input seen in an earlier answer: `--only rooms.read` runs `rooms.send` first, and the
    /// read marker's body carries the event id that answer held.
    @Test(arguments: [false, true]) func anInputSeenInAnEarlierAnswerOrdersTheRunAndFillsTheBody(overSocket: Bool) async throws {
        let backend = overSocket ? try RelayBackend() : nil
        defer { backend?.stop() }
        let transport: any Transport = backend == nil ? MockTransport(directory: Relay.mocks, api: Relay.api) : CurlTransport()
        let report = await RelayLiveTests.live(
            transport, backend?.baseURL ?? URL(string: "http://mock.invalid/relay/")!,
            probes: false, only: ["rooms.read"])
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        let read = try #require(report.results.first { $0.name == "rooms.read" })
        #expect(read.status == 204)
        let body = try #require(read.request?.body).map { piece -> String in
            if case let .text(text) = piece { text } else { "" }
        }.joined()
        let event = overSocket ? #""m.fully_read":"$lobby-"# : #""m.fully_read":"$lobby-7""#  // send.json's event id
        #expect(body.contains(event), "\(body)")
    }
}
