/// Whether an answer fits a mock's shape so closely that `ShapeDiff` would find no change in it
/// worth a finding, told by walking the answer's values against the expected shape: no shape is
/// built for the answer and no path spelled out. Most answers fit; for one that does not, or
/// might not, drift takes the whole way (the answer's shape, every change weighed), so this only
/// ever skips work whose findings would be none.
///
/// Per value, the conditions are those `ShapeDiff` applies to the merged shape, which hold for a
/// merge exactly when they hold for each value merged: a kind the mock shows at that path, null
/// only where the mock has null, in an object no key the mock lacks and every key the mock has in
/// all its objects. Below a dictionary of the type (`mapPaths`) keys are data and `Drift` reports
/// nothing, so only the dictionary's own kind is checked.
struct ShapeFit: Sendable {
    private struct Node: Sendable {
        var kinds: Shape.Kinds
        var isMap = false
        /// The expected object's fields, in the mock's order, and each one's node.
        var names: [String] = []
        var children: [Int] = []
        /// Positions by name, when there are too many fields to search.
        var index: [String: Int] = [:]
        /// A bit per field the mock's objects all carry (up to 64 fields; see `fits`).
        var requiredMask: UInt64 = 0
        var element = -1

        init(kinds: Shape.Kinds) { self.kinds = kinds }
    }

    /// The root first; each node's children come after it.
    private var nodes: [Node] = []
    /// Objects with more fields than a mask has bits are not walked: such answers take drift's
    /// whole way.
    static var maxFields: Int { 64 }

    init(expected: Shape, mapPaths: [JSONPath]) {
        add(expected)
        for path in mapPaths { markMap(path.components[...], at: 0) }
    }

    private mutating func add(_ shape: Shape) {
        let node = nodes.count
        nodes.append(Node(kinds: shape.kinds))
        var children: [Int] = []
        for field in shape.fields { children.append(nodes.count); add(field.shape) }
        nodes[node].names = shape.fields.map(\.name)
        nodes[node].children = children
        if shape.fields.count > Shape.searchLimit {
            for (position, field) in shape.fields.enumerated() where nodes[node].index[field.name] == nil {
                nodes[node].index[field.name] = position
            }
        }
        for (position, field) in shape.fields.enumerated().prefix(Self.maxFields) where !field.sometimesAbsent {
            nodes[node].requiredMask |= 1 << UInt64(position)
        }
        if let element = shape.element {
            nodes[node].element = nodes.count
            add(element)
        }
    }

    /// Marks the node `components` lead to from `node` as a dictionary. A path through a key or
    /// an element the mock does not show marks nothing: an answer with a value there does not fit.
    private mutating func markMap(_ components: ArraySlice<JSONPath.Component>, at node: Int) {
        guard let first = components.first else { nodes[node].isMap = true; return }
        switch first {
        case let .key(key):
            guard let position = position(of: key, in: node, hint: 0) else { return }
            markMap(components.dropFirst(), at: nodes[node].children[position])
        case .index, .anyIndex:
            guard nodes[node].element >= 0 else { return }
            markMap(components.dropFirst(), at: nodes[node].element)
        case .anyKey:
            // A shape names every key; a path through `.*` is below a dictionary already.
            return
        }
    }

    private func position(of key: String, in node: Int, hint: Int) -> Int? {
        let names = nodes[node].names
        // Answers mostly list their keys in the mock's order: the next field is the likely one.
        if hint < names.count, names[hint] == key { return hint }
        guard names.count > Shape.searchLimit else { return names.firstIndex(of: key) }
        return nodes[node].index[key]
    }

    /// True when comparing `value`'s shape with the expected one gives no change outside the
    /// dictionaries; false when it might give one.
    func fits(_ value: JSONValue) -> Bool {
        fits(value, 0)
    }

    private func fits(_ value: JSONValue, _ node: Int) -> Bool {
        let expected = nodes[node]
        // Where the mock shows only null or nothing, ShapeDiff compares nothing, here or below.
        if expected.kinds.subtracting(.null).isEmpty { return true }
        switch value {
        case .null: return expected.kinds.contains(.null)
        case .bool: return expected.kinds.contains(.bool)
        case .number: return expected.kinds.contains(.number)
        case .string: return expected.kinds.contains(.string)
        case let .array(items):
            guard expected.kinds.contains(.array) else { return false }
            // An array in a mock whose arrays were all empty: its elements are compared with nothing.
            guard expected.element >= 0 else { return true }
            for item in items where !fits(item, expected.element) { return false }
            return true
        case let .object(members):
            guard expected.kinds.contains(.object) else { return false }
            if expected.isMap { return true }
            guard expected.names.count <= Self.maxFields else { return false }
            var seen: UInt64 = 0, hint = 0
            for member in members {
                guard let position = position(of: member.key, in: node, hint: hint) else { return false }
                hint = position + 1
                let bit: UInt64 = 1 << UInt64(position)
                // A repeated key counts once, with its first value, as the answer's shape takes it.
                if seen & bit != 0 { continue }
                seen |= bit
                if !fits(member.value, expected.children[position]) { return false }
            }
            return seen & expected.requiredMask == expected.requiredMask
        }
    }
}
