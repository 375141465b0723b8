/// A JSONPath as a declaration writes it (`"$.datas.statuses[*].id"`), parsed once, when the
/// declaration is made, rather than at each step that reads it. The text is kept beside the parsed
/// path because a declaration cannot throw: text that is no JSONPath leaves `path` nil, and
/// `API.problems` reports it as a declaration problem naming the endpoint, in the words it was written.
public struct DeclaredPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The path as declared, which messages quote.
    public let text: String
    /// The parsed path; nil when `text` is no JSONPath like `$.datas.items[*].id`.
    public let path: JSONPath?

    public init(_ text: String) {
        self.text = text
        path = JSONPath(parsing: text)
    }

    public init(stringLiteral text: String) { self.init(text) }

    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    public var description: String { text }

    // Equal by text: the parsed path follows from it.
    public static func == (lhs: DeclaredPath, rhs: DeclaredPath) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
