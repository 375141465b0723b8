import Foundation

/// Turns answers into mock files, the one way `record` and `import-har` both write:
/// 1. secrets replaced (`SecretPlaceholders`), and the bytes checked for every known secret;
/// 2. proven: the files are audited (`MockAudit`) in a staging folder before any is written, and
///    an answer that violates the contract, or a file the audit rejects, is refused unless forced;
/// 3. written atomically, only when the bytes changed, in one format: pretty-printed, two-space
///    indent, keys in the server's order, a final newline.
public struct MockWriter: Sendable {
    public let api: API
    public let directory: URL
    /// Work everything out, write nothing.
    public var dryRun: Bool
    /// Write answers that violate the contract too.
    public var force: Bool
    /// Report the drift of an answer replacing a success mock, as `live` would (`import-har`).
    public var reportsDrift: Bool

    public init(api: API, directory: URL, dryRun: Bool = false, force: Bool = false, reportsDrift: Bool = false) {
        self.api = api
        self.directory = directory
        self.dryRun = dryRun
        self.force = force
        self.reportsDrift = reportsDrift
    }

    /// The candidates in order, one result each; a later candidate for the same file wins.
    public func write(_ candidates: [MockCandidate], placeholders: SecretPlaceholders) -> [MockWriteResult] {
        var latest: [MockFileName: Int] = [:]
        for (index, candidate) in candidates.enumerated() {
            latest[candidate.fileName(api: api).variantOnly] = index
        }
        let chosen = candidates.indices.filter { latest[candidates[$0].fileName(api: api).variantOnly] == $0 }
            .map { candidates[$0] }
        let rendered = chosen.map { candidate -> (MockCandidate, MockFileName, Data) in
            let text = placeholders.redact(candidate.document).prettyText + "\n"
            return (candidate, candidate.fileName(api: api), Data(text.utf8))
        }
        let audit = stagedAudit(rendered.map { ($0.1, $0.2) })
        let existing = MockDirectory(directory, api: api)
        let secrets = placeholders.secrets.filter { $0.count >= 4 }
        var results: [MockWriteResult] = []
        for (candidate, name, data) in rendered {
            var result = MockWriteResult(endpoint: candidate.endpoint.id, file: name.description,
                                         path: directory.appendingPathComponent(name.description).path,
                                         action: .created, seen: candidate.seen)
            // The audit finds again what the live check found: say it once.
            var problems = candidate.violations
            for finding in audit[name] ?? [] where !problems.contains(where: { $0.kind == finding.kind && $0.path == finding.path }) {
                problems.append(finding)
            }
            let text = String(decoding: data, as: UTF8.self)
            if secrets.contains(where: text.contains) {
                // Placeholders replace every known secret; this is the proof, and a bug if it fires.
                problems.append(Finding(kind: .declaration, severity: .error, category: .harness, endpoint: candidate.endpoint.id,
                                        message: "a secret of the run is still in the answer after redaction; not written"))
            }
            let old = existing.file(name.variantName)
            let oldData = old.flatMap { try? existing.data(of: $0).get() }
            if old != nil, old != name { result.replaces = old?.description }
            if let oldData, let oldDocument = try? JSONParser.parse(oldData) {
                let found = (try? JSONParser.parse(data)) ?? .null
                // Keys of a map are data: entries come and go without the shape changing.
                let maps = mapPaths(of: candidate, document: found, body: data, in: existing)
                result.changes = ShapeDiff.changes(expected: Shape(of: oldDocument, skippingBelow: maps),
                                                   found: Shape(of: found, skippingBelow: maps))
                if reportsDrift { result.drift = drift(of: candidate, document: found, body: data, in: existing) }
            }
            let refusing = problems.contains { $0.severity == .error }
            result.findings = problems
            if refusing && !force {
                result.action = .refused
                result.changes = []
            } else {
                result.forced = refusing
                if old == name, oldData == data {
                    result.action = .unchanged
                } else {
                    result.action = old == nil ? .created : .updated
                    if !dryRun, let failure = store(data, as: name, replacing: old == name ? nil : old, endpoint: candidate.endpoint.id) {
                        result.action = .failed
                        result.findings.append(failure)
                    }
                }
            }
            results.append(result)
        }
        return results
    }

    /// Writes through a temporary file and a rename, so a reader never sees half a file; then
    /// removes the file this one replaces.
    private func store(_ data: Data, as name: MockFileName, replacing old: MockFileName?, endpoint: String) -> Finding? {
        let url = directory.appendingPathComponent(name.description)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            if let old { try FileManager.default.removeItem(at: directory.appendingPathComponent(old.description)) }
            return nil
        } catch {
            return Finding(kind: .mockUnreadable, severity: .error, category: .harness, endpoint: endpoint,
                           message: "cannot write \(url.path): \(error.localizedDescription)", file: url.path)
        }
    }

    /// Audits the files as they would be written, alone in a scratch folder: the findings each
    /// file earns, by file. A missing sibling variant is not the new file's fault, so only
    /// findings naming one of the files count.
    private func stagedAudit(_ files: [(MockFileName, Data)]) -> [MockFileName: [Finding]] {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-staging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        var byPath: [String: MockFileName] = [:]
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            for (name, data) in files {
                let url = staging.appendingPathComponent(name.description)
                try data.write(to: url)
                byPath[url.path] = name
            }
        } catch {
            return [:]
        }
        // The audit's own cap, raised to the largest answer: a large answer is proven, not refused.
        let largest = files.map(\.1.count).max() ?? 0
        let mocks = MockDirectory(staging, api: api, maxFileBytes: max(MockDirectory.defaultMaxFileBytes, largest))
        let report = MockAudit(mocks: mocks).run()
        var findings: [MockFileName: [Finding]] = [:]
        for finding in report.allFindings where finding.severity == .error && finding.category == .contract {
            guard let file = finding.file, let name = byPath[file] else { continue }
            var finding = finding
            finding.file = directory.appendingPathComponent(name.description).path
            findings[name, default: []].append(finding)
        }
        return findings
    }
}

extension MockFileName {
    /// The variant without its pinned status: two answers for one variant are one file.
    var variantOnly: MockFileName { MockFileName(mock: mock, scenario: scenario) }
}
