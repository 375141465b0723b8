import Foundation

/// A media type as a `Content-Type` or a declaration names it, compared by its essence: the
/// `type/subtype` lowercased, without parameters (`application/json; charset=utf-8` is
/// `application/json`), as RFC 9110 compares them.
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    public let essence: String

    /// Nil for text that names no `type/subtype`.
    public init?(_ text: String) {
        let essence = text.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        guard let slash = essence.firstIndex(of: "/"), slash != essence.startIndex, essence.index(after: slash) != essence.endIndex
        else { return nil }
        self.essence = essence
    }

    /// Whether a body of this type is read as JSON: `application/json`, a `+json` type, or any
    /// other that names JSON (`text/json`).
    public var isJSON: Bool { essence.contains("json") }

    /// A structured syntax suffix (RFC 6839) names a format of its own in JSON's syntax
    /// (`application/ld+json`, `application/geo+json`): its document need not have the shape of
    /// another `+json` type's.
    public var hasJSONSuffix: Bool { essence.hasSuffix("+json") }

    /// A range of an `Accept` (`*/*`, `text/*`), not a type an answer can be in.
    public var isRange: Bool { essence.contains("*") }

    public var description: String { essence }
}
