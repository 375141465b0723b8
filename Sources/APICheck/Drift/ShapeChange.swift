/// One structural difference between an expected shape (the mock) and a found one (the live answer).
public struct ShapeChange: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// A field the live answer has and the mock does not.
        case added
        /// A field the mock has and the live answer lacks (in every object, or `partly` in some).
        case removed
        /// The field's kinds of value differ (null aside): `String` became `Number`.
        case typeChanged
        /// The field holds null live where the mock never had null.
        case becameNull
    }

    public var kind: Kind
    /// Where, with `[*]` for array elements.
    public var path: JSONPath
    public var expected: String
    public var found: String
    /// For `removed`: the field is missing from some objects only. For `added`: the mock's
    /// objects there have no field in common (a timeline's `content`, one kind per event), so
    /// the new field is one more of their variants.
    public var partly: Bool
    /// For `removed`: the live object beside it holds a member the mock's does not, so the field
    /// may have been renamed rather than left out.
    public var besideAdded = false

    public init(kind: Kind, path: JSONPath, expected: String, found: String, partly: Bool = false) {
        self.kind = kind
        self.path = path
        self.expected = expected
        self.found = found
        self.partly = partly
    }

    public var description: String { "\(kind.rawValue) \(path): expected \(expected), found \(found)" }
}
