/// How `ReadLog` grows the tree during a decode. Each is one mutation of the whole tree: the log
/// holds it in one stored property, so a read costs one access of it, not one per field touched.
extension ReadTree {
    /// The node of member `key` of the object at `node`; `.*` when that object is a dictionary.
    mutating func child(_ node: Int, key: String) -> Int {
        if nodes[node].isMap { return anyKeyChild(node) }
        // A type reads the fields of each object of an array in the same order: the field after
        // the last one read is the likely one, and comparing a name costs less than hashing it.
        let hint = nodes[node].nextKey
        if hint < nodes[node].keyOrder.count {
            let candidate = nodes[node].keyOrder[hint]
            if case let .key(name) = nodes[candidate].component, name == key {
                // Past the last field read, the next object's first field.
                nodes[node].nextKey = hint + 1 == nodes[node].keyOrder.count ? 0 : hint + 1
                return candidate
            }
        }
        if let found = nodes[node].keys[key] {
            nodes[node].nextKey = nodes[found].position + 1
            return found
        }
        var child = Node(parent: node, component: .key(key))
        child.position = nodes[node].keyOrder.count
        let added = append(child)
        nodes[node].keys[key] = added
        nodes[node].keyOrder.append(added)
        nodes[node].nextKey = child.position + 1
        return added
    }

    /// The node of every element of the array at `node`.
    mutating func element(_ node: Int) -> Int {
        if nodes[node].element >= 0 { return nodes[node].element }
        let added = append(Node(parent: node, component: .anyIndex))
        nodes[node].element = added
        return added
    }

    private mutating func anyKeyChild(_ node: Int) -> Int {
        if nodes[node].anyKey >= 0 { return nodes[node].anyKey }
        let added = append(Node(parent: node, component: .anyKey))
        nodes[node].anyKey = added
        return added
    }

    private mutating func append(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// The node of a concrete path, generalized with what is known now of dictionaries.
    mutating func node(for path: JSONPath) -> Int {
        var node = 0
        for component in path.components {
            switch component {
            case let .key(key): node = child(node, key: key)
            case .index, .anyIndex: node = element(node)
            case .anyKey: node = anyKeyChild(node)
            }
        }
        return node
    }

    /// The object at `node` is a dictionary: its keys vary, so reads below it use `.*` for the key.
    mutating func markMap(_ node: Int) {
        guard !nodes[node].isMap else { return }
        nodes[node].isMap = true
        generation += 1
    }

    /// The node of member `key`, read (see `record`): both in one mutation.
    mutating func field(_ node: Int, key: String, required: Bool, typeName: () -> String) -> Int {
        let field = child(node, key: key)
        record(field, required: required, typeName: typeName)
        return field
    }

    /// Whether no key of `members` is repeated. Objects read at one node mostly list the same
    /// keys in the same order: comparing them with the last such object's costs less than
    /// comparing them with each other, which is done once per new order. The keys of a
    /// dictionary's entries vary, so they are not kept.
    mutating func hasUniqueKeys(_ node: Int, _ members: [(key: String, value: JSONValue)]) -> Bool {
        if nodes[node].layout.count == members.count {
            var same = true
            for index in members.indices where nodes[node].layout[index] != members[index].key {
                same = false
                break
            }
            if same { return nodes[node].layoutUnique }
        }
        var unique = true
        search: for first in members.indices {
            for second in members.indices[(first + 1)...] where members[first].key == members[second].key {
                unique = false
                break search
            }
        }
        if !nodes[node].isMap {
            nodes[node].layout = members.map(\.key)
            nodes[node].layoutUnique = unique
        }
        return unique
    }

    /// `typeName` is asked only the first time a node is read as a type.
    mutating func record(_ node: Int, required: Bool, typeName: () -> String) {
        // A read first seen through `contains` or `decodeNil` is `Any` until a decode names its type.
        if nodes[node].type == nil || nodes[node].type == "Any" { nodes[node].type = typeName() }
        if required, branchDepth == 0 { nodes[node].required = true }
    }
}

extension ReadTree {
    /// The same nodes, none read and none a dictionary: what a decode of the same type starts
    /// from (`ReadSkeletons`). Where fields sat in their objects is kept, to be checked.
    var unread: ReadTree {
        var tree = self
        tree.generation = 0
        for index in tree.nodes.indices {
            tree.nodes[index].type = nil
            tree.nodes[index].required = false
            tree.nodes[index].isMap = false
        }
        return tree
    }
}
