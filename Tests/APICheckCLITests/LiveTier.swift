import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import Sandbox
import Synchronization
import Testing

/// Where a live scenario runs: in process over the mock transport, or over a real socket
/// (libcurl against a server on 127.0.0.1:0). One table of scenarios runs on both, as
/// hummingbird's `.router` and `.live` test modes do.
enum LiveTier: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case mocks, socket

    var testDescription: String { rawValue }

    /// Runs the demo API's live check on this tier, with a scenario's answers: mock variants
    /// in process, sandbox faults over the socket. Returns the report and every request sent with
    /// the answer it got.
    func runDemo(_ scenario: LiveScenario = LiveScenario("clean"), probes: Bool = false) async throws
        -> (Report, [(HTTPRequest, HTTPResponse)]) {
        switch self {
        case .mocks:
            let mocks = MockTransport(directory: LiveHarness.mocks, api: Demo.api)
            for (endpoint, variant) in scenario.variants { mocks.use(variant, for: endpoint) }
            let recorder = Recorder(mocks)
            let report = await LiveCheck(api: Demo.api, transport: recorder, options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, only: scenario.only, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials, probes: probes)).run()
            return (report, recorder.exchanges)
        case .socket:
            let server = SandboxServer(configuration: SandboxConfiguration(faults: scenario.faults))
            try server.start()
            defer { server.stop() }
            let transport = CurlTransport(configuration: CurlConfiguration(timeout: 10))
            defer { transport.shutdown() }
            let recorder = Recorder(transport)
            let report = await LiveCheck(api: Demo.api, transport: recorder, options: LiveOptions(
                baseURL: server.baseURL, only: scenario.only, mocksDirectory: LiveHarness.mocks,
                environment: LiveHarness.credentials, probes: probes)).run()
            return (report, recorder.exchanges)
        }
    }

    /// Runs `api` on this tier against answers made by `answer` (from a mock folder written on
    /// the fly, or from an HTTP server).
    func run(_ api: API, mocks: URL, answer: @escaping @Sendable (String) -> Data) async throws -> (Report, [(HTTPRequest, HTTPResponse)]) {
        let options = { (base: URL) in LiveOptions(baseURL: base, mocksDirectory: mocks) }
        switch self {
        case .mocks:
            let recorder = Recorder(MockTransport(directory: mocks, api: api))
            return (await LiveCheck(api: api, transport: recorder, options: options(URL(string: "http://mock.invalid/")!)).run(),
                    recorder.exchanges)
        case .socket:
            let server = HTTPServer { request in .json(answer(request.path)) }
            try server.start()
            defer { server.stop() }
            let transport = CurlTransport()
            defer { transport.shutdown() }
            let recorder = Recorder(transport)
            let base = URL(string: "http://127.0.0.1:\(server.port)/")!
            return (await LiveCheck(api: api, transport: recorder, options: options(base)).run(), recorder.exchanges)
        }
    }
}

/// Keeps every request and the answer it got.
final class Recorder: Transport {
    private let base: any Transport
    private let log = Mutex<[(HTTPRequest, HTTPResponse)]>([])

    init(_ base: any Transport) { self.base = base }

    var exchanges: [(HTTPRequest, HTTPResponse)] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        log.withLock { $0.append((request, response)) }
        return response
    }
}

/// One row of the live scenario table: what the server answers, said once per tier (a mock
/// variant per endpoint in process, sandbox faults over the socket), and what the run must find.
struct LiveScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var only: Set<String>?
    var variants: [String: String] = [:]
    var faults: [SandboxFault] = []
    /// `severity kind endpoint path` lines, sorted (`Report.findingLines`).
    var findings: [String] = []
    var exitCode: Int32 = 0

    init(_ name: String, only: Set<String>? = nil, variants: [String: String] = [:], faults: [SandboxFault] = [],
         findings: [String] = [], exitCode: Int32 = 0) {
        self.name = name
        self.only = only
        self.variants = variants
        self.faults = faults
        self.findings = findings
        self.exitCode = exitCode
    }

    var testDescription: String { name }
}
