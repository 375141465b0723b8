import APICheck
import Sandbox
import Testing

/// One row of the live scenario table: what the server answers, said once per tier (mock files
/// altered or pinned in process, sandbox faults over the socket), and what the run must find.
public struct LiveScenario: Sendable, CustomTestStringConvertible {
    public var name: String
    public var only: Set<String>?
    /// A mock variant pinned per endpoint id (`status_show@not_found` for `statuses.show`).
    public var variants: [String: ScenarioName] = [:]
    /// Changes to a copy of `mocks/` the mock tier answers from; drift is still judged against
    /// the shipped mocks, as a live run judges a server that changed.
    public var mockEdits: [MockEdit] = []
    public var faults: [SandboxFault] = []
    /// Whether the run tries the auth probes (the mock tier answers them as a server with sessions).
    public var probes = false
    /// `severity kind endpoint path` lines, sorted (`Report.findingLines`).
    public var findings: [String] = []
    public var verdict: Verdict = .holds

    public init(
        _ name: String, only: Set<String>? = nil, variants: [String: ScenarioName] = [:], mockEdits: [MockEdit] = [],
        faults: [SandboxFault] = [], probes: Bool = false, findings: [String] = [], verdict: Verdict = .holds
    ) {
        self.name = name
        self.only = only
        self.variants = variants
        self.mockEdits = mockEdits
        self.faults = faults
        self.probes = probes
        self.findings = findings
        self.verdict = verdict
    }

    public var testDescription: String { name }
}
