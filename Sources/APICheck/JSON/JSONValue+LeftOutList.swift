extension JSONValue {
    /// Whether the list at `path` (keys from the root: `$.runs`, `$.data.items`) is left out of
    /// an answer that holds no items anywhere. Protobuf's JSON (MLflow's, Google-style APIs') omits
    /// an empty list, and an empty message above it, so its empty page is `{}`: read as an empty
    /// list, not as a page without one. An answer that shows items elsewhere, or a scalar where the
    /// path goes through an object, keeps its list somewhere else: that is no empty page.
    func leavesOutEmptyList(at path: JSONPath) -> Bool {
        var current = self
        for component in path.components {
            guard case let .key(key) = component, case .object = current else { return false }
            guard let next = current[key] else { return !holdsItems }
            current = next
        }
        return false
    }

    /// Whether some array in the value, at any depth, has an element.
    var holdsItems: Bool {
        switch self {
        case let .array(items): !items.isEmpty
        case let .object(members): members.contains { $0.value.holdsItems }
        default: false
        }
    }

    /// The list part of a path that reads into its items: `$.runs` of `$.runs[*].info.run_id`;
    /// nil when the path reads no items.
    static func listPath(of path: JSONPath) -> JSONPath? {
        path.components.firstIndex(of: .anyIndex).map { JSONPath(Array(path.components[..<$0])) }
    }
}
