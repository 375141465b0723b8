/// Turns shape changes between a mock and a live answer into findings, by what the decode type
/// reads. A change the app would break on is an error; a stale mock is a warning; a difference the
/// contract allows (an optional field that is null live) is info.
public enum Drift {
    public static func findings(_ changes: [ShapeChange], reads: [FieldRead], endpoint: String,
                                decodeFailure: JSONPath?, mockFile: String?) -> [Finding] {
        var byPath: [JSONPath: FieldRead] = [:]
        for read in reads { byPath[read.path] = read }
        let alreadyReported = decodeFailure?.generalized
        var findings: [Finding] = []
        for change in changes {
            let read = byPath[change.path]
            let severity: Finding.Severity
            var note: String
            switch change.kind {
            case .added:
                severity = .warning
                note = read == nil ? "\(change.found), not in mock or type" : "\(change.found), read by the type but not in the mock"
            case .removed:
                if let read, read.required {
                    severity = .error
                    note = "the type requires \(read.type); " + (change.partly ? "absent in some objects" : "gone")
                } else {
                    severity = .warning
                    note = (change.partly ? "absent in some objects" : "in the mock, gone live")
                        + (read == nil ? "; not read by the type" : "; optional in the type")
                }
            case .typeChanged:
                severity = read == nil ? .warning : .error
                note = "was \(change.expected), now \(change.found)" + (read.map { "; the type reads \($0.type)" } ?? "; not read by the type")
            case .becameNull:
                if let read {
                    severity = read.required ? .error : .info
                    note = read.required ? "null where the type requires \(read.type)" : "null, allowed: optional \(read.type)"
                } else {
                    severity = .warning
                    note = "null where the mock has \(change.expected); not read by the type"
                }
            }
            // The decode check already named this exact place; one error per fault is enough.
            if severity == .error, let alreadyReported, alreadyReported == change.path { continue }
            findings.append(Finding(kind: "drift-\(kindName(change.kind))", severity: severity, endpoint: endpoint,
                                    path: change.path, expected: change.expected, found: change.found,
                                    message: note, file: mockFile))
        }
        return findings
    }

    static func kindName(_ kind: ShapeChange.Kind) -> String {
        switch kind {
        case .added: return "added"
        case .removed: return "removed"
        case .typeChanged: return "type"
        case .becameNull: return "null"
        }
    }
}
