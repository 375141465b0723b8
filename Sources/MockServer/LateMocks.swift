import APICheck
import Foundation
import Synchronization

/// Mock files added to the folder after serve started: a new scenario (`topics@empty.json`) or a
/// mock an endpoint had none of (`refresh.json`). Without this a file written while serve runs
/// was only seen after a restart.
///
/// The folder is listed again only when a request asked for a mock or a scenario serve does not
/// have, at most once per reload interval, and only when the folder itself changed (its
/// modification time moves when a file is added, removed or renamed). A new file is audited as
/// at start (JSON, the envelope its scenario needs, a success that decodes); one that fails is
/// logged once and not served. Once served, a file is looked at for edits like any other, and a
/// later listing never drops it: a file removed afterwards keeps its last good body, as a file
/// there at start does.
final class LateMocks: Sendable {
    private let start: MockDirectory
    private let startKnown: KnownScenarios
    private let reloadInterval: Double
    private let log: (@Sendable (String) -> Void)?
    private let state: Mutex<State>

    private struct State {
        var nextLook: ContinuousClock.Instant
        /// The folder as it was when last listed.
        var folder: FileStamp?
        /// The files served since they were added, by the variant they answer (`topics@empty`).
        var files: [String: MockFileName] = [:]
        var bodies: MockBodies?
        var known: KnownScenarios
        /// Added files that failed the audit: logged once, not served.
        var refused: Set<MockFileName> = []
    }

    init(start: MockDirectory, known: KnownScenarios, interval: Double, log: (@Sendable (String) -> Void)?) {
        self.start = start
        startKnown = known
        reloadInterval = interval
        self.log = log
        state = Mutex(State(nextLook: .now + .seconds(max(0, interval)), folder: FileStamp(path: start.url.path), known: known))
    }

    /// The scenarios offered now: those at start and those added since.
    var known: KnownScenarios { state.withLock { $0.known } }

    /// An added file answering `endpoint` with `scenario` (nil for success), and its bodies.
    func file(of endpoint: AnyEndpoint, scenario: String?) -> (file: MockFileName, bodies: MockBodies)? {
        state.withLock { state in
            guard let file = state.files[MockFileName(mock: endpoint.mock, scenario: scenario).variantName], let bodies = state.bodies else {
                return nil
            }
            return (file, bodies)
        }
    }

    /// The bodies of added files, for a remembered answer's version; nil before any was added.
    var bodies: MockBodies? { state.withLock { $0.bodies } }

    /// Lists the folder again when a look is due and the folder changed; returns whether a file
    /// was added. Called after a request found no mock or no scenario.
    @discardableResult
    func look() -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard now >= state.nextLook else { return false }
            state.nextLook = now + .seconds(max(0, reloadInterval))
            let folder = FileStamp(path: start.url.path)
            guard folder != state.folder else { return false }
            state.folder = folder
            return added(to: &state)
        }
    }

    private func added(to state: inout State) -> Bool {
        let listing = MockDirectory(start.url, api: start.api, maxFileBytes: start.maxFileBytes)
        let audit = MockAudit(mocks: listing)
        var added: [MockFileName] = []
        for file in listing.files where start.file(file.variantName) == nil && state.files[file.variantName] == nil
            && !state.refused.contains(file) {
            // Orphans answer nothing; a file shadowed by another of the same variant is not replayed.
            guard let endpoint = listing.endpoint(of: file), listing.file(file.variantName) == file else { continue }
            if let problem = audit.findings(of: file, endpoint: endpoint).first(where: { $0.severity == .error }) {
                state.refused.insert(file)
                log?("mock \(file) was added but \(problem.kind == .decode ? "does not decode" : "fails the audit") (\(problem.message)); not served")
                continue
            }
            added.append(file)
        }
        guard !added.isEmpty else { return false }
        for file in added { state.files[file.variantName] = file }
        state.bodies = MockBodies(mocks: listing, files: Array(state.files.values), interval: reloadInterval, log: log,
                                  taking: state.bodies)
        var byMock: [String: Set<String>] = [:]
        for file in state.files.values {
            if let scenario = file.scenario { byMock[file.mock, default: []].insert(scenario) }
        }
        var byEndpoint: [String: Set<String>] = [:]
        for endpoint in start.api.endpoints {
            if let scenarios = byMock[endpoint.mock] { byEndpoint[endpoint.id] = scenarios }
        }
        state.known = startKnown.adding(byEndpoint)
        log?("mock\(added.count == 1 ? "" : "s") added since start: \(added.map(\.description).joined(separator: ", ")); serving")
        return true
    }
}
