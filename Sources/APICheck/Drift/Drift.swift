/// Turns shape changes between a mock and a live answer into findings, by what the decode type
/// reads. A change the app would break on is an error; a stale mock is a warning; a difference the
/// contract allows (an optional field that is null live) is info.
public enum Drift {
    /// Every finding of `changes`, in order (`DriftCollector` lists the first few and counts the rest).
    /// `answerDecoded`: the answer decoded into the type. A type that accepts several shapes at a
    /// path (a sum type) then took a shape the mocks do not show: a stale mock, never an error.
    public static func findings(
        _ changes: [ShapeChange], reads: [FieldRead], endpoint: String,
        decodeFailure: JSONPath?, mockFile: String?, answerDecoded: Bool = false
    ) -> [Finding] {
        var collector = DriftCollector(
            reads: reads, endpoint: endpoint, decodeFailure: decodeFailure, mockFile: mockFile, limit: nil,
            answerDecoded: answerDecoded)
        for change in changes { collector.add(change) }
        return collector.findings
    }

    /// How bad `change` is, given what the decode type reads there (nil: nothing).
    static func severity(of change: ShapeChange, read: FieldRead?) -> Finding.Severity {
        switch change.kind {
        case .added:
            // A field the mock lacks that the type requires, null live: the app breaks on it.
            if let read, read.required, change.found == "null" { return .error }
            // Another variant of objects that share no field, which the type does not read: the
            // mock is a sample of them, and no sample shows every variant.
            return change.partly && read == nil ? .info : .warning
        case .removed:
            if let read, read.required { return .error }
            // Optional in the type and present in some objects: variety the contract allows. So
            // when it is absent from every item of one answer: a page's items may all leave it out
            // (MLflow's experiments without tags, as protobuf's JSON omits an empty list), and one
            // answer's few items do not show a field gone. A list the type reads as optional is
            // absent where such a server has none to give (an experiment without tags, a search
            // that found nothing), unless a new member beside it may be the list renamed. The
            // mock's members the type does not read, and an optional scalar or object of the
            // answer itself, stay warnings.
            guard read != nil else { return .warning }
            if change.partly || change.path.components.contains(.anyIndex) { return .info }
            return isList(change.expected) && !change.besideAdded ? .info : .warning
        case .typeChanged:
            // The answer holds what the type reads, the mock something else: a stale mock.
            guard let read, takes(read, found: change.found) != true else { return .warning }
            return .error
        case .becameNull:
            guard let read else { return .warning }
            return read.required ? .error : .info
        }
    }

    /// The finding for `change`; notes explain, reports print expected and found beside them.
    static func finding(
        for change: ShapeChange, read: FieldRead?, severity: Finding.Severity, endpoint: String,
        mockFile: String?
    ) -> Finding {
        var expected: String? = change.expected
        let note: String
        switch change.kind {
        case .added:
            expected = nil
            if change.partly, read == nil {
                note = "another variant: the mock's objects here have no field in common, and the decode type reads none"
            } else if let read, read.required, change.found == "null" {
                note = "not in the mock; the decode type requires \(read.type)"
            } else {
                note = read == nil ? "not in the mock or the decode type" : "read by the decode type but not in the mock"
            }
        case .removed:
            if let read, read.required {
                note = change.partly ? "missing from some objects; the decode type requires it" : "the decode type requires it"
            } else if change.partly, read != nil {
                note = "missing from some objects; optional in the decode type"
            } else if read != nil, change.path.components.contains(.anyIndex) {
                note =
                    "absent from every item of this answer; optional in the decode type: items may leave it out "
                    + "(a server that omits empty lists does), so one answer does not show it gone"
            } else if read != nil, isList(change.expected), !change.besideAdded {
                note =
                    "a list in the mock, absent live; optional in the decode type: an absent list reads as empty "
                    + "(a server that omits empty lists does), so one answer does not show it gone"
            } else {
                note =
                    (change.partly ? "missing from some objects" : "in the mock, gone live")
                    + (read == nil ? "; not read by the decode type" : "; optional in the decode type")
            }
        case .typeChanged:
            if let read, takes(read, found: change.found) == true {
                note = "the decode type reads \(read.type), as found: the mock is stale"
            } else {
                note = read.map { "the decode type reads \($0.type)" } ?? "not read by the decode type"
            }
        case .becameNull:
            if let read {
                note = read.required ? "the decode type requires \(read.type)" : "allowed: optional in the decode type"
            } else {
                note = "not read by the decode type"
            }
        }
        return Finding(
            kind: FindingKind(drift: change.kind), severity: severity, endpoint: endpoint,
            path: change.path, expected: expected, found: change.found, message: note, file: mockFile)
    }

    /// Whether the mock holds only lists at a path (`Array<Object>`, null aside): a server that
    /// omits empty lists leaves exactly these out. `Shape.kindDescription` names a list after
    /// every other kind, so a description that starts with one has no other.
    static func isList(_ kinds: String) -> Bool { kinds.hasPrefix("Array") }

    /// The note of a change in an answer that decoded: the type accepts the shape, the mocks do
    /// not show it.
    static func decodedNote(_ change: ShapeChange) -> String {
        "the decode type accepts this answer, which decoded; the mocks show \(words(change.expected)) here, "
            + "the answer \(words(change.found)): add a mock variant of this shape"
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

    /// Whether the read's Swift type takes every kind found (null aside); nil when its name does
    /// not say (a struct, an enum, a date: their own decoding decides).
    static func takes(_ read: FieldRead, found: String) -> Bool? {
        var type = read.type
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
        let kinds = found.split(separator: "|").map { $0.hasPrefix("Array") ? "Array" : String($0) }.filter { $0 != "null" }
        let taken: Set<String>
        switch type {
        case "JSONValue": return true
        case "String", "Character", "Substring": taken = ["String"]
        case "Bool": taken = ["Bool"]
        case "Double", "Float", "Decimal", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            taken = ["Number"]
        default:
            if type.hasPrefix("Array<") || type.hasPrefix("Set<") {
                taken = ["Array"]
            } else if type.hasPrefix("Dictionary<") {
                taken = ["Object"]
            } else {
                return nil
            }
        }
        return kinds.allSatisfy(taken.contains)
    }
}
