import Foundation

/// Turns answers into mock files, the one way `record` and `import-har` both write:
/// 1. secrets replaced (`SecretPlaceholders`), and the document proven to hold none in any form
///    (`SecretProof`): a file that still holds one is never written, forced or not;
/// 2. proven: the files are audited (`MockAudit`) in a staging folder before any is written, and
///    an answer that violates the contract, or a file the audit rejects, is refused unless forced;
///    a file over the size cap that `mocks` and `serve` read is refused, forced or not;
/// 3. written atomically, only when the bytes changed, in one format: pretty-printed, two-space
///    indent, keys in the server's order, a final newline; except the bytes as the server sent
///    them for a `BinaryBody` success and for an endpoint declared `recordingVerbatim()` (unless
///    a replacement was made in them).
public struct MockWriter: Sendable {
    public let api: API
    public let directory: URL
    /// Work everything out, write nothing.
    public var dryRun: Bool
    /// Write answers that violate the contract too. Never a file that holds a secret, nor one over
    /// `maxFileBytes`: those findings are not the contract's, and no flag makes them safe.
    public var force: Bool
    /// The largest file to write: what `mocks` and `serve` will read (`--max-mock`).
    public var maxFileBytes: Int
    /// Report the drift of an answer replacing a success mock, as `live` would (`import-har`).
    public var reportsDrift: Bool

    public init(
        api: API, directory: URL, dryRun: Bool = false, force: Bool = false, reportsDrift: Bool = false,
        maxFileBytes: Int = MockDirectory.defaultMaxFileBytes
    ) {
        self.api = api
        self.directory = directory
        self.dryRun = dryRun
        self.force = force
        self.maxFileBytes = maxFileBytes
        self.reportsDrift = reportsDrift
    }

    /// The candidates in order, one result each; a later candidate for the same file wins.
    public func write(_ candidates: [MockCandidate], placeholders: SecretPlaceholders) -> [MockWriteResult] {
        var latest: [MockFileName: Int] = [:]
        for (index, candidate) in candidates.enumerated() {
            latest[candidate.fileName(api: api).variantOnly] = index
        }
        // By position, not as copies: a candidate holds its endpoint's whole declaration, and a
        // copy of the candidates would hold the catalog again.
        let chosen = candidates.indices.filter { latest[candidates[$0].fileName(api: api).variantOnly] == $0 }
        let proof = SecretProof(secrets: placeholders.secrets)
        var leaks: [MockFileName: Finding] = [:]
        var notes: [MockFileName: Finding] = [:]
        var headerFiles: [MockFileName: (data: Data, leak: Finding?)] = [:]
        let rendered = chosen.map { index -> (Int, MockFileName, Data) in
            let candidate = candidates[index]
            let name = candidate.fileName(api: api)
            if let headers = candidate.headers {
                headerFiles[name] = Self.headerFile(headers, placeholders: placeholders, proof: proof, endpoint: candidate.endpoint.id)
            }
            if candidate.isOpaque, let bytes = candidate.bytes {
                leaks[name] = Self.leakFinding(inBytes: proof, bytes, endpoint: candidate.endpoint.id)
                return (index, name, bytes)
            }
            // An endpoint's secret paths are places in its success answer: an error answer (a
            // dead token's 401) holds the server's message there, which taken for a secret would be
            // replaced by a stand-in in every mock that quotes it (a `$` path scrubs the whole body).
            let secretPaths = (200..<300).contains(candidate.status) ? candidate.endpoint.secretPaths : []
            let document = placeholders.redact(candidate.document, alsoAt: secretPaths)
            leaks[name] = Self.leakFinding(proof.leaks(in: document), endpoint: candidate.endpoint.id)
            if let bytes = candidate.bytes {
                // Bytes with nothing to replace in them go as they came; replacing is writing anew.
                if document == candidate.document, leaks[name] == nil { return (index, name, bytes) }
                notes[name] = Self.rewrittenNote(candidate.endpoint.id)
            }
            return (index, name, candidate.isEmpty ? Data() : Data((document.prettyText + "\n").utf8))
        }
        let audit = stagedAudit(rendered.map { ($0.1, $0.2) })
        let existing = MockDirectory(directory, api: api, maxFileBytes: maxFileBytes)
        // One for the run: making one works out the API's secret names from every endpoint.
        let redactor = api.makeRedactor()
        var results: [MockWriteResult] = []
        for (index, name, data) in rendered {
            let candidate = candidates[index]
            var result = MockWriteResult(
                endpoint: candidate.endpoint.id, file: name.description,
                path: directory.appendingPathComponent(name.description).path,
                action: .created, seen: candidate.seen)
            result.firstPage = candidate.firstPage
            // The audit finds again what the live check found: say it once.
            var problems = candidate.violations
            for finding in audit[name] ?? [] where !problems.contains(where: { $0.kind == finding.kind && $0.path == finding.path }) {
                problems.append(finding)
            }
            if let leak = leaks[name] ?? headerFiles[name]?.leak { problems.append(leak) }
            if let note = notes[name] { problems.append(note) }
            if data.count > maxFileBytes { problems.append(tooLarge(name, size: data.count, endpoint: candidate.endpoint.id)) }
            let old = existing.file(name.variantName)
            let oldData = old.flatMap { try? existing.data(of: $0).get() }
            if old != nil, old != name { result.replaces = old?.description }
            if !candidate.isOpaque, let oldData, let oldDocument = try? JSONParser.parse(oldData) {
                let found = (try? JSONParser.parse(data)) ?? .null
                // Keys of a map are data: entries come and go without the shape changing.
                let maps = mapPaths(of: candidate, document: found, body: data, in: existing, redactor: redactor)
                result.changes = ShapeDiff.changes(
                    expected: Shape(of: oldDocument, skippingBelow: maps),
                    found: Shape(of: found, skippingBelow: maps))
                if reportsDrift { result.drift = drift(of: candidate, document: found, body: data, in: existing, redactor: redactor) }
            }
            let refusing = problems.contains { $0.severity == .error }
            let unforceable = problems.contains { $0.kind == .secretInMock || $0.kind == .mockTooLarge }
            let emptied = emptiedLists(candidate, old: oldData, new: data)
            result.findings = problems + emptied.kept
            if !emptied.kept.isEmpty, !refusing, !unforceable {
                // The mock keeps its items; the answer had none to show.
                result.action = .unchanged
                result.changes = []
                result.drift = []
            } else if unforceable || (refusing && !force) {
                result.action = .refused
                result.changes = []
                // Paths of an answer that holds a secret may be the server's keys: none is shown.
                if leaks[name] != nil { result.drift = [] }
            } else {
                result.forced = refusing
                if old == name, oldData == data {
                    result.action = .unchanged
                } else {
                    result.action = old == nil ? .created : .updated
                    result.findings += emptied.noted
                    if !dryRun, let failure = store(data, as: name, replacing: old == name ? nil : old, endpoint: candidate.endpoint.id) {
                        result.action = .failed
                        result.findings.append(failure)
                    }
                }
            }
            if !dryRun, let headers = headerFiles[name], [.created, .updated, .unchanged].contains(result.action),
                let failure = storeHeaders(headers.data, of: name, endpoint: candidate.endpoint.id)
            {
                result.findings.append(failure)
            }
            results.append(result)
        }
        return results
    }

    /// The lists a success answer has empty where the mock shows items (none when forced, for a
    /// scenario's mock, or when either side is not JSON): `kept`, one warning per content list,
    /// why the mock is kept (a staging server with no collections yet); else `noted`, one note
    /// per nested list, that the written mock no longer shows that list's items.
    private func emptiedLists(_ candidate: MockCandidate, old: Data?, new: Data) -> (kept: [Finding], noted: [Finding]) {
        guard !force, candidate.scenario == nil, !candidate.isOpaque, let old, let mock = try? JSONParser.parse(old),
            let answer = try? JSONParser.parse(new)
        else { return ([], []) }
        let paths = EmptiedLists.paths(mock: mock, answer: answer)
        let content = EmptiedLists.content(of: candidate.endpoint, in: api, answer: answer)
        let kept = paths.filter { content.contains($0) }.map { path in
            Finding(
                kind: .driftRemoved, severity: .warning, category: .harness, endpoint: candidate.endpoint.id,
                path: path, expected: "items", found: "[]",
                message: "kept: the answer's list is empty where the mock shows items, which drift compares with; "
                    + "record again once the server has some, or --force writes it")
        }
        guard kept.isEmpty else { return (kept, []) }
        return (
            [],
            paths.map { path in
                Finding(
                    kind: .driftRemoved, severity: .info, category: .harness, endpoint: candidate.endpoint.id,
                    path: path, expected: "items", found: "[]",
                    message: "recorded empty: the mock shows no items here now, so drift compares none until a recording has some")
            }
        )
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
            return Finding(
                kind: .mockUnreadable, severity: .error, category: .harness, endpoint: endpoint,
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
        } catch {
            return [:]
        }
        for (name, data) in files {
            let path = staging.appendingPathComponent(name.description).path
            guard StagedFile.save(data, to: path) else { return [:] }
            byPath[path] = name
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
