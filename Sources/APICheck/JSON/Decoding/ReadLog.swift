import Synchronization
/// The reads seen during one decode. Used from one thread only, synchronously.
///
/// Reads are kept in a tree of generalized paths (`[*]` for elements, `.*` below dictionaries):
/// a container finds its fields' entries by name from its own node instead of spelling out,
/// generalizing and hashing a whole path for each of a big answer's 1.5 M fields.
final class ReadLog {
    /// Not a read, but the one setting every container of this decode needs.
    let dates: DateDecoding
    /// Set when the document is a form body read as JSON: its scalars are all text, read as the
    /// number or flag the type asks for, and a field may hold one item of a list (or several,
    /// comma-joined, in that style).
    let formLists: ListStyle?
    private var nodes = ReadTree().nodes
    /// Bumped whenever a node becomes a dictionary: a container that found its node before then
    /// finds it again from its path, so that reads below a dictionary use `.*` as they always did.
    private(set) var generation = 0

    init(dates: DateDecoding, formLists: ListStyle? = nil) {
        self.dates = dates
        self.formLists = formLists
    }

    private func append(_ node: ReadTree.Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// The node of member `key` of the object at `node`; `.*` when that object is a dictionary.
    func child(_ node: Int, key: String) -> Int {
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
        var child = ReadTree.Node(parent: node, component: .key(key))
        child.position = nodes[node].keyOrder.count
        let added = append(child)
        nodes[node].keys[key] = added
        nodes[node].keyOrder.append(added)
        nodes[node].nextKey = child.position + 1
        return added
    }

    /// The node of every element of the array at `node`.
    func element(_ node: Int) -> Int {
        if nodes[node].element >= 0 { return nodes[node].element }
        let added = append(ReadTree.Node(parent: node, component: .anyIndex))
        nodes[node].element = added
        return added
    }

    private func anyKeyChild(_ node: Int) -> Int {
        if nodes[node].anyKey >= 0 { return nodes[node].anyKey }
        let added = append(ReadTree.Node(parent: node, component: .anyKey))
        nodes[node].anyKey = added
        return added
    }

    /// The node of a concrete path, generalized with what is known now of dictionaries.
    func node(for path: JSONPath) -> Int {
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
    func markMap(_ node: Int) {
        guard !nodes[node].isMap else { return }
        nodes[node].isMap = true
        generation += 1
    }

    func record(_ node: Int, _ type: Any.Type, required: Bool) {
        // A read first seen through `contains` or `decodeNil` is `Any` until a decode names its type.
        if nodes[node].type == nil || nodes[node].type == "Any" { nodes[node].type = Self.typeName(type) }
        nodes[node].required = nodes[node].required || required
    }

    /// What was read, handed over once the decode is done.
    var tree: ReadTree { ReadTree(nodes: nodes) }

    /// Names already worked out, by type: `String(describing:)` demangles every time, and a
    /// decode asks once per field read, so a type's name is made once, not per field.
    private static let typeNames = Mutex<[ObjectIdentifier: String]>([:])

    static func typeName(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = typeNames.withLock({ $0[key] }) { return known }
        var name = String(describing: type)
        if name.hasPrefix("Optional<"), name.hasSuffix(">") { name = String(name.dropFirst(9).dropLast()) }
        typeNames.withLock { $0[key] = name }
        return name
    }
}
