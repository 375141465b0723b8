/// One item's id in a page: a number or a string, as the API chose. Strings of digits compare as
/// numbers, so `"9"` comes before `"10"` as it does on a server that sorts numeric ids.
public struct PageID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id as it travels in a query string.
    public let text: String
    /// The id as an integer, when it is one (a JSON number, or a string of digits).
    public let number: Int64?
    /// Whether the answer gave it as a JSON string.
    public let isString: Bool

    /// Nil for anything but a number or a string: an object or null is no id.
    public init?(_ value: JSONValue) {
        switch value {
        case let .number(text):
            self.text = text
            number = Int64(text)
            isString = false
        case let .string(text):
            self.text = text
            number = Int64(text)
            isString = true
        default:
            return nil
        }
    }

    public static func < (lhs: PageID, rhs: PageID) -> Bool {
        if let a = lhs.number, let b = rhs.number { return a < b }
        return lhs.text < rhs.text
    }

    public static func == (lhs: PageID, rhs: PageID) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Numbers as they are, strings quoted and escaped: an id is server-supplied text.
    public var description: String { isString ? "\"" + DisplayText.escaped(text) + "\"" : DisplayText.escaped(text) }
}
