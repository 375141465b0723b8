import APICheck
import Foundation
import Synchronization

/// Mock files added to the folder after serve started: a new scenario (`topics@empty.json`) or a
/// mock an endpoint had none of (`refresh.json`). Without this a file written while serve runs
/// was only seen after a restart.
///
/// The folder is listed again only when a request asked for a mock or a scenario serve does not
/// have, at most once per reload interval, and only when the folder itself changed (its
/// modification time moves when a file is added, removed or renamed). A listed file is audited as
/// at start (JSON, the envelope its scenario needs, a success that decodes) when it is first asked
/// for, one at a time: a folder that gained thousands of files costs the request that finds them a
/// listing, not thousands of audits, and no other request waits for the listing (it is made outside
/// the lock; only one is made at a time). A file that fails is logged once and not served. Once
/// served, a file is looked at for edits like any other, and a later listing never drops it: a
/// file removed afterwards keeps its last good body, as a file there at start does.
final class LateMocks: Sendable {
    private let start: MockDirectory
    private let origins: RecordedOrigins
    private let reloadInterval: Double
    private let log: (@Sendable (String) -> Void)?
    private let state: Mutex<State>

    /// A file that passed its audit, with the bodies that serve it.
    struct Added: Sendable {
        let file: MockFileName
        let bodies: MockBodies
    }

    private struct State {
        var nextLook: ContinuousClock.Instant
        /// The folder as it was when last listed.
        var folder: FileStamp?
        /// Whether a request is listing the folder now: others do not list it too.
        var listing = false
        /// The last listing, which audits and reads the files it holds.
        var latest: MockDirectory?
        /// Listed and not yet audited, by the variant they answer (`topics@empty`).
        var pending: [String: MockFileName] = [:]
        /// The variants pending, by mock name: what an endpoint's scenario list must audit first.
        var pendingByMock: [String: Set<String>] = [:]
        /// Served since they were added, by variant.
        var served: [String: Added] = [:]
        var known: KnownScenarios
        /// Added files that failed the audit: logged once, not served.
        var refused: Set<MockFileName> = []
    }

    init(start: MockDirectory, known: KnownScenarios, origins: RecordedOrigins, interval: Double, log: (@Sendable (String) -> Void)?) {
        self.start = start
        self.origins = origins
        reloadInterval = interval
        self.log = log
        state = Mutex(State(nextLook: .now + .seconds(max(0, interval)), folder: FileStamp(path: start.url.path), known: known))
    }

    /// Whether `endpoint` offers `scenario` now, a file of it listed and not yet audited being
    /// audited first.
    func check(_ scenario: ScenarioName, of endpoint: AnyEndpoint) -> KnownScenarios.Check {
        state.withLock { state in
            promote(MockFileName(mock: endpoint.mock, scenario: scenario).variantName, in: &state)
            return state.known.check(scenario, of: endpoint.id)
        }
    }

    /// Every scenario `endpoint` offers now, `success` first (its files listed and not yet
    /// audited audited first); nil for no such endpoint.
    func names(of endpoint: AnyEndpoint) -> [ScenarioName]? {
        state.withLock { state in
            for variant in state.pendingByMock[endpoint.mock] ?? [] { promote(variant, in: &state) }
            return state.known.names(of: endpoint.id)
        }
    }

    /// An added file answering `endpoint` with `scenario` (nil for success), and its bodies.
    func file(of endpoint: AnyEndpoint, scenario: ScenarioName?) -> Added? {
        let variant = MockFileName(mock: endpoint.mock, scenario: scenario).variantName
        return state.withLock { state in
            promote(variant, in: &state)
            return state.served[variant]
        }
    }

    /// The version of `file`'s body a remembered answer is checked against; nil when it is not
    /// an added file or a look at it is due.
    func currentVersion(of file: MockFileName) -> (slot: MockBodies.Slot, version: Int)? {
        state.withLock { $0.served[file.variantName] }?.bodies.currentVersion(of: file)
    }

    /// Looks at the added files' bodies since they were served.
    var checks: Int { state.withLock { $0.served.values.reduce(0) { $0 + $1.bodies.checks } } }

    /// Files served since they were added.
    var servedCount: Int { state.withLock { $0.served.count } }

    /// Lists the folder again when a look is due and the folder changed; returns whether a file
    /// not seen before was listed. Called after a request found no mock or no scenario.
    @discardableResult
    func look() -> Bool {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            guard now >= state.nextLook, !state.listing else { return false }
            state.nextLook = now + .seconds(max(0, reloadInterval))
            let folder = FileStamp(path: start.url.path)
            guard folder != state.folder else { return false }
            state.folder = folder
            state.listing = true
            return true
        }
        guard due else { return false }
        let listing = MockDirectory(start.url, api: start.api, maxFileBytes: start.maxFileBytes)
        return state.withLock { state in
            state.listing = false
            state.latest = listing
            var listed = false
            for file in listing.files {
                let variant = file.variantName
                guard start.file(variant) == nil, state.served[variant] == nil, state.pending[variant] == nil,
                    !state.refused.contains(file),
                    // Orphans answer nothing; a file shadowed by another of the same variant is not replayed.
                    listing.endpoint(of: file) != nil, listing.file(variant) == file
                else { continue }
                state.pending[variant] = file
                state.pendingByMock[file.mock, default: []].insert(variant)
                listed = true
            }
            return listed
        }
    }

    /// Audits the pending file of `variant`, if there is one: served when it passes, refused and
    /// logged once when it does not.
    private func promote(_ variant: String, in state: inout State) {
        guard let file = state.pending.removeValue(forKey: variant), let listing = state.latest,
            let endpoint = listing.endpoint(of: file)
        else { return }
        state.pendingByMock[file.mock]?.remove(variant)
        if let problem = MockAudit(mocks: listing).findings(of: file, endpoint: endpoint).first(where: { $0.severity == .error }) {
            state.refused.insert(file)
            log?(
                "mock \(file) was added but \(problem.kind == .decode ? "does not decode" : "fails the audit") (\(problem.message)); not served"
            )
            return
        }
        state.served[variant] = Added(
            file: file,
            bodies: MockBodies(
                mocks: listing, files: [file], origins: origins,
                interval: reloadInterval, log: log))
        if let scenario = file.scenario {
            var byEndpoint: [String: Set<ScenarioName>] = [:]
            for candidate in start.api.endpoints where candidate.mock == file.mock { byEndpoint[candidate.id] = [scenario] }
            state.known = state.known.adding(byEndpoint)
        }
        log?("mock added since start: \(file); serving")
    }
}
