/// Turns shape changes between a mock and a live answer into findings, by what the decode type
/// reads. A change the app would break on is an error; a stale mock is a warning; a difference the
/// contract allows (an optional field that is null live) is info.
public enum Drift {
    /// Every finding of `changes`, in order (`DriftCollector` lists the first few and counts the rest).
    public static func findings(_ changes: [ShapeChange], reads: [FieldRead], endpoint: String,
                                decodeFailure: JSONPath?, mockFile: String?) -> [Finding] {
        var collector = DriftCollector(reads: reads, endpoint: endpoint, decodeFailure: decodeFailure, mockFile: mockFile, limit: nil)
        for change in changes { collector.add(change) }
        return collector.findings
    }

    /// How bad `change` is, given what the decode type reads there (nil: nothing).
    static func severity(of change: ShapeChange, read: FieldRead?) -> Finding.Severity {
        switch change.kind {
        case .added:
            return .warning
        case .removed:
            if let read, read.required { return .error }
            // Optional in the type and present in some objects: variety the contract allows.
            return change.partly && read != nil ? .info : .warning
        case .typeChanged:
            return read == nil ? .warning : .error
        case .becameNull:
            guard let read else { return .warning }
            return read.required ? .error : .info
        }
    }

    /// The finding for `change`; notes explain, reports print expected and found beside them.
    static func finding(for change: ShapeChange, read: FieldRead?, severity: Finding.Severity, endpoint: String,
                        mockFile: String?) -> Finding {
        var expected: String? = change.expected
        let note: String
        switch change.kind {
        case .added:
            expected = nil
            note = read == nil ? "not in the mock or the decode type" : "read by the decode type but not in the mock"
        case .removed:
            if let read, read.required {
                note = change.partly ? "missing from some objects; the decode type requires it" : "the decode type requires it"
            } else if change.partly, read != nil {
                note = "missing from some objects; optional in the decode type"
            } else {
                note = (change.partly ? "missing from some objects" : "in the mock, gone live")
                    + (read == nil ? "; not read by the decode type" : "; optional in the decode type")
            }
        case .typeChanged:
            note = read.map { "the decode type reads \($0.type)" } ?? "not read by the decode type"
        case .becameNull:
            if let read {
                note = read.required ? "the decode type requires \(read.type)" : "allowed: optional in the decode type"
            } else {
                note = "not read by the decode type"
            }
        }
        return Finding(kind: FindingKind(drift: change.kind), severity: severity, endpoint: endpoint,
                       path: change.path, expected: expected, found: change.found, message: note, file: mockFile)
    }
}
