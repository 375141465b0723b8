import APICheck
import Contracts
import CurlClient
import Foundation
import HTTPServer
import Sandbox
import Testing

/// Where a live scenario runs: in process over the mock transport, or over a real socket
/// (libcurl against a server on 127.0.0.1:0). One table of scenarios runs on both, as
/// hummingbird's `.router` and `.live` test modes do.
public enum LiveTier: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case mocks, socket

    public var testDescription: String { rawValue }

    /// Runs the demo API's live check on this tier, with a scenario's answers: mock files (edited
    /// or pinned) in process, sandbox faults over the socket. Returns the report and every request
    /// sent with the answer it got. `probes` overrides the scenario's choice. Error checks are left
    /// out: a replayed answer is the same whatever the input, so only one tier could judge them
    /// (their own suites do, over the sandbox and `serve`).
    public func runDemo(_ scenario: LiveScenario = LiveScenario("clean"), probes: Bool? = nil) async throws
        -> (Report, [(HTTPRequest, HTTPResponse)])
    {
        let probes = probes ?? scenario.probes
        switch self {
        case .mocks:
            let edited = scenario.mockEdits.isEmpty ? nil : try MockEdit.copy(of: LiveHarness.mocks, with: scenario.mockEdits)
            defer { edited?.remove() }
            let recorder = Recorder(SessionMocks(directory: edited?.url ?? LiveHarness.mocks, api: Demo.api, pinned: scenario.variants))
            let report = await LiveCheck(
                api: Demo.api, transport: recorder,
                options: LiveOptions(
                    baseURL: URL(string: "http://mock.invalid/Api/")!, only: scenario.only, mocksDirectory: LiveHarness.mocks,
                    environment: LiveHarness.credentials, probes: probes, errorChecks: false)
            ).run()
            return (report, recorder.exchanges)
        case .socket:
            let server = SandboxServer(configuration: SandboxConfiguration(faults: scenario.faults))
            try server.start()
            defer { server.stop() }
            let transport = CurlTransport(configuration: CurlConfiguration(timeout: 10))
            defer { transport.shutdown() }
            let recorder = Recorder(transport)
            let report = await LiveCheck(
                api: Demo.api, transport: recorder,
                options: LiveOptions(
                    baseURL: server.baseURL, only: scenario.only, mocksDirectory: LiveHarness.mocks,
                    environment: LiveHarness.credentials, probes: probes, errorChecks: false)
            ).run()
            return (report, recorder.exchanges)
        }
    }

    /// Runs `api` on this tier against answers made by `answer` (from a mock folder written on
    /// the fly, or from an HTTP server).
    public func run(_ api: API, mocks: URL, answer: @escaping @Sendable (String) -> Data) async throws -> (
        Report, [(HTTPRequest, HTTPResponse)]
    ) {
        let options = { (base: URL) in LiveOptions(baseURL: base, mocksDirectory: mocks) }
        switch self {
        case .mocks:
            let recorder = Recorder(MockTransport(directory: mocks, api: api))
            return (
                await LiveCheck(api: api, transport: recorder, options: options(URL(string: "http://mock.invalid/")!)).run(),
                recorder.exchanges
            )
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
