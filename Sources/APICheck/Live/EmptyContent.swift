/// A success whose content is an empty list where the mock shows items: the check passed, but no
/// item was decoded into the type or compared with the mock. Filter reads whose made-up filters
/// match nothing, and a staging server with no data yet, answer so on every run; said as
/// information, an `ok` on `[]` is not taken for an `ok` on the items.
enum EmptyContent {
    /// One finding per content list (`EmptiedLists.content`) that is empty in `document` and has
    /// items in the mock.
    static func findings(_ endpoint: AnyEndpoint, document: JSONValue, baseline: MockBaseline, api: API) -> [Finding] {
        EmptiedLists.content(of: endpoint, in: api, answer: document).sorted { $0.description < $1.description }.compactMap {
            path -> Finding? in
            // A list left out of an answer without items is empty, as protobuf's JSON writes it (MLflow's `{}`).
            let list = document.value(at: path)
            let empty = if case let .array(items)? = list { items.isEmpty } else { list == nil && document.leavesOutEmptyList(at: path) }
            guard empty, shape(baseline.shape, at: path)?.element != nil else { return nil }
            return Finding(
                kind: .driftRemoved, severity: .info, category: .harness, endpoint: endpoint.id, path: path,
                expected: "items", found: list == nil ? "absent" : "[]",
                message: "the answer's list is empty where the mock shows items: no item was decoded into the type or "
                    + "compared with the mock; a server with data, or samples that match some, checks them",
                file: baseline.file)
        }
    }

    /// The mock's shape at `path`, through fields by key and arrays through their elements.
    private static func shape(_ shape: Shape, at path: JSONPath) -> Shape? {
        var current = shape
        for component in path.components {
            switch component {
            case let .key(key): guard let field = current.field(key) else { return nil }; current = field.shape
            case .index, .anyIndex: guard let element = current.element else { return nil }; current = element
            case .anyKey: return nil
            }
        }
        return current
    }
}
