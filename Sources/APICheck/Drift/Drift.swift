/// Turns shape changes between a mock and a live answer into findings, by what the decode type
/// reads. A change the app would break on is an error; a stale mock is a warning; a difference the
/// contract allows (an optional field that is null live) is info.
public enum Drift {
    public static func findings(_ changes: [ShapeChange], reads: [FieldRead], endpoint: String,
                                decodeFailure: JSONPath?, mockFile: String?) -> [Finding] {
        var byPath: [JSONPath: FieldRead] = [:]
        for read in reads { byPath[read.path] = read }
        let alreadyReported = decodeFailure?.generalized
        let maps = reads.filter(\.isMap).map(\.path.components)
        var findings: [Finding] = []
        for change in changes {
            // Below a dictionary, keys are data: a key present in one answer and not the other says
            // nothing about the contract, and the decode check covers the values.
            if maps.contains(where: { change.path.components.count > $0.count && change.path.components.starts(with: $0) }) {
                continue
            }
            let read = byPath[change.path]
            let severity: Finding.Severity
            var expected: String? = change.expected
            let note: String
            // Notes explain; reports print expected and found beside them.
            switch change.kind {
            case .added:
                severity = .warning
                expected = nil
                note = read == nil ? "not in the mock or the decode type" : "read by the decode type but not in the mock"
            case .removed:
                if let read, read.required {
                    severity = .error
                    note = change.partly ? "missing from some objects; the decode type requires it" : "the decode type requires it"
                } else if change.partly, read != nil {
                    // Optional in the type and present in some objects: variety the contract allows.
                    severity = .info
                    note = "missing from some objects; optional in the decode type"
                } else {
                    severity = .warning
                    note = (change.partly ? "missing from some objects" : "in the mock, gone live")
                        + (read == nil ? "; not read by the decode type" : "; optional in the decode type")
                }
            case .typeChanged:
                severity = read == nil ? .warning : .error
                note = read.map { "the decode type reads \($0.type)" } ?? "not read by the decode type"
            case .becameNull:
                if let read {
                    severity = read.required ? .error : .info
                    note = read.required ? "the decode type requires \(read.type)" : "allowed: optional in the decode type"
                } else {
                    severity = .warning
                    note = "not read by the decode type"
                }
            }
            // The decode check already named this exact place; one error per fault is enough.
            if severity == .error, let alreadyReported, alreadyReported == change.path { continue }
            findings.append(Finding(kind: FindingKind(drift: change.kind), severity: severity, endpoint: endpoint,
                                    path: change.path, expected: expected, found: change.found,
                                    message: note, file: mockFile))
        }
        return findings
    }
}
