/// How a list parameter travels in a query string (or a form body).
public enum ListStyle: String, Sendable, Equatable {
    /// `k=a&k=b`
    case repeated
    /// `k[]=a&k[]=b`
    case brackets
    /// `k=a,b`
    case commaSeparated = "comma-separated"

    /// The (name, value) pairs of a list, in this style.
    public func pairs(_ name: String, _ values: [String]) -> [(String, String)] {
        switch self {
        case .repeated: values.map { (name, $0) }
        case .brackets: values.map { (name + "[]", $0) }
        case .commaSeparated: values.isEmpty ? [] : [(name, values.joined(separator: ","))]
        }
    }

    /// The list's values among the pairs of a query or form, read as this style reads them; nil
    /// when the name is absent. A server sent `k[]` for a repeated list reads it too.
    public func values(_ name: String, in pairs: [(name: String, value: String)]) -> [String]? {
        let found = pairs.filter { $0.name == name || $0.name == name + "[]" }.map(\.value)
        guard !found.isEmpty else { return nil }
        switch self {
        case .repeated, .brackets: return found
        case .commaSeparated: return found.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
    }
}
