/// Generalized paths at which shape inference keeps an object's kind but none of its fields:
/// dictionaries, whose keys are data. `Drift` drops every change below them anyway, and a map of
/// hundreds of thousands of entries would otherwise cost a shape per entry.
///
/// Following an expected shape (the mock's), it also keeps no more than `ShapeDiff` reads of
/// what the mock lacks: below a key the mock has not, only kinds (a field added live is reported
/// with its kind, never its fields). A map of 300,000 members the mock does not know costs their
/// kinds, not a shape each.
struct ShapeCutoff {
    private(set) var isCut = false
    /// Nothing below but kinds, at any depth: objects without fields, arrays with elements' kinds.
    private(set) var kindsOnly = false
    /// Keys and elements this cutoff does not name are kinds-only (it follows an expected shape).
    private var following = false
    private(set) var keys: [String: ShapeCutoff] = [:]
    private var elementStorage: [ShapeCutoff] = []
    var element: ShapeCutoff? { elementStorage.first }

    private static let onlyKinds: ShapeCutoff = {
        var cutoff = ShapeCutoff()
        cutoff.isCut = true
        cutoff.kindsOnly = true
        return cutoff
    }()

    /// The cutoff for member `key`'s value; nil: no cutoff.
    func child(_ key: String) -> ShapeCutoff? {
        if kindsOnly { return self }
        return keys[key] ?? (following ? Self.onlyKinds : nil)
    }

    /// The cutoff for the elements of an array here.
    var elementChild: ShapeCutoff? {
        if kindsOnly { return self }
        return element ?? (following ? Self.onlyKinds : nil)
    }

    /// Follows `expected` (see above), and cuts at `paths` as `init(_:)` does.
    init(following expected: Shape, cutting paths: [JSONPath]) {
        self.init(following: expected)
        for path in paths { insert(path.components[...]) }
    }

    /// Cut at `paths` as well; a path already cut changes nothing.
    mutating func cut(at paths: [JSONPath]) {
        for path in paths { insert(path.components[...]) }
    }

    private init(following expected: Shape) {
        following = true
        // ShapeDiff compares fields only where both sides are objects.
        isCut = !expected.kinds.contains(.object)
        for field in expected.fields { keys[field.name] = ShapeCutoff(following: field.shape) }
        if let element = expected.element { elementStorage = [ShapeCutoff(following: element)] }
    }

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
