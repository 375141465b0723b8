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
    /// Set when a type that lists its values must be given one of them (a request's body).
    let listedValuesOnly: Bool
    /// What was read so far. Held behind a pointer, not in a stored `var`: the log is used from
    /// one thread, and a stored property of a class is checked for overlapping access on every
    /// read of every field, which cost a decode as much as the reading itself.
    private let tree: UnsafeMutablePointer<ReadTree>

    /// See `ReadTree.generation`.
    var generation: Int { tree.pointee.generation }

    /// `tree`: the nodes to start from (`ReadSkeletons`), none read.
    init(dates: DateDecoding, formLists: ListStyle? = nil, listedValuesOnly: Bool = false, tree start: ReadTree = ReadTree()) {
        self.dates = dates
        self.formLists = formLists
        self.listedValuesOnly = listedValuesOnly
        tree = .allocate(capacity: 1)
        tree.initialize(to: start)
    }

    deinit {
        tree.deinitialize(count: 1)
        tree.deallocate()
    }

    /// What was read, handed over once the decode is done.
    var reads: ReadTree { tree.pointee }

    func child(_ node: Int, key: String) -> Int { tree.pointee.child(node, key: key) }

    func element(_ node: Int) -> Int { tree.pointee.element(node) }

    func node(for path: JSONPath) -> Int { tree.pointee.node(for: path) }

    func markMap(_ node: Int) { tree.pointee.markMap(node) }

    /// Runs `body`, a union branch's decode: what it requires is required of its objects only.
    func inBranch<T>(_ body: () throws -> T) rethrows -> T {
        tree.pointee.branchDepth += 1
        defer { tree.pointee.branchDepth -= 1 }
        return try body()
    }

    func record(_ node: Int, _ type: Any.Type, required: Bool) {
        tree.pointee.record(node, required: required) { Self.typeName(type) }
    }

    /// The node of member `key` of the object at `node`, recorded as read.
    func field(_ node: Int, key: String, _ type: Any.Type, required: Bool) -> Int {
        tree.pointee.field(node, key: key, required: required) { Self.typeName(type) }
    }

    func hasUniqueKeys(_ node: Int, _ members: [(key: String, value: JSONValue)]) -> Bool {
        tree.pointee.hasUniqueKeys(node, members)
    }

    /// Where the member of `node` was found last in its object.
    func slot(_ node: Int) -> Int { tree.pointee.nodes[node].slot }

    func setSlot(_ node: Int, _ slot: Int) { tree.pointee.nodes[node].slot = slot }

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
