/// A location in a JSON document, printed the way people write it: `$.datas.statuses[3].user.screen_name`.
/// `[*]` stands for every element of an array (used by shapes, which merge all elements).
public struct JSONPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
        case anyIndex
        /// Every key of a dictionary (`.*`): reads of `[String: T]` payloads.
        case anyKey
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }
    public func appendingAnyIndex() -> JSONPath { JSONPath(components + [.anyIndex]) }

    /// The same path with every concrete index replaced by `[*]`, so that findings about different
    /// elements of one array group together.
    public var generalized: JSONPath {
        JSONPath(components.map { if case .index = $0 { return .anyIndex } else { return $0 } })
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case let .key(key):
                if Self.isPlainIdentifier(key) {
                    text += "." + key
                } else {
                    text +=
                        "['"
                        + key.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "'", with: "\\'") + "']"
                }
            case let .index(index): text += "[\(index)]"
            case .anyIndex: text += "[*]"
            case .anyKey: text += ".*"
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !key.isEmpty else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || $0 == "_" }
        return isLetter(first) && key.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
    }

    public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.description < rhs.description }
}
