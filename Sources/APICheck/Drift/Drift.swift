/// Turns shape changes between a mock and a live answer into findings, by what the decode type
/// reads. A change the app would break on is an error; a stale mock is a warning; a difference the
/// contract allows (an optional field that is null live) is info.
public enum Drift {
    /// `answerDecoded`: the answer decoded into the type. A type that accepts several shapes at a
    /// path (a sum type) then took a shape the mocks do not show: a stale mock, never an error.
    public static func findings(_ changes: [ShapeChange], reads: [FieldRead], endpoint: String,
                                decodeFailure: JSONPath?, mockFile: String?, answerDecoded: Bool = false) -> [Finding] {
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
            var severityNow = severity, noteNow = note
            if severity == .error, answerDecoded {
                severityNow = .warning
                noteNow = "the decode type accepts this answer, which decoded; the mocks show \(words(change.expected)) here, "
                    + "the answer \(words(change.found)): add a mock variant of this shape"
            }
            findings.append(Finding(kind: FindingKind(drift: change.kind), severity: severityNow, endpoint: endpoint,
                                    path: change.path, expected: expected, found: change.found,
                                    message: noteNow, file: mockFile))
        }
        return findings
    }

    /// A shape's kinds in words: `String|Number` → `a string or a number`, `Array<Object>` → `an
    /// array of objects`, `absent` stays `absent`.
    static func words(_ kinds: String?) -> String {
        guard let kinds else { return "nothing" }
        // Split at the top level only: `Array<String|Number>|null` is two kinds.
        var parts: [Substring] = [], depth = 0, start = kinds.startIndex
        for index in kinds.indices {
            switch kinds[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "|" where depth == 0:
                parts.append(kinds[start..<index])
                start = kinds.index(after: index)
            default: break
            }
        }
        parts.append(kinds[start...])
        let names = parts.map { kind -> String in
            switch kind {
            case "String": return "a string"
            case "Number": return "a number"
            case "Bool": return "a boolean"
            case "Object": return "an object"
            case "null", "absent": return String(kind)
            default:
                if kind.hasPrefix("Array<"), kind.hasSuffix(">") {
                    return "an array of " + words(String(kind.dropFirst(6).dropLast()))
                }
                return kind == "Array" ? "an array" : String(kind)
            }
        }
        return names.count <= 1 ? names.first ?? "nothing" : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
