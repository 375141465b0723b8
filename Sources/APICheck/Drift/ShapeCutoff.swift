/// Generalized paths at which shape inference keeps an object's kind but none of its fields:
/// dictionaries, whose keys are data. `Drift` drops every change below them anyway, and a map of
/// hundreds of thousands of entries would otherwise cost a shape per entry.
struct ShapeCutoff {
    private(set) var isCut = false
    private(set) var keys: [String: ShapeCutoff] = [:]
    private var elementStorage: [ShapeCutoff] = []
    var element: ShapeCutoff? { elementStorage.first }

    /// Nil when no path can match a shape's paths (keys and `[*]` only).
    init?(_ paths: [JSONPath]) {
        for path in paths { insert(path.components[...]) }
        guard isCut || !keys.isEmpty || !elementStorage.isEmpty else { return nil }
    }

    private init() {}

    private mutating func insert(_ components: ArraySlice<JSONPath.Component>) {
        guard let first = components.first else { isCut = true; return }
        switch first {
        case let .key(key):
            var child = keys[key] ?? ShapeCutoff()
            child.insert(components.dropFirst())
            keys[key] = child
        case .index, .anyIndex:
            var child = elementStorage.first ?? ShapeCutoff()
            child.insert(components.dropFirst())
            elementStorage = [child]
        case .anyKey:
            // A shape names every key; a path through `.*` matches none of its paths.
            return
        }
    }
}
