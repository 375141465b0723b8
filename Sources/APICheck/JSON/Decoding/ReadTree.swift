/// The reads of one decode as `ReadLog` kept them: a tree of generalized paths, each node read
/// or not. Drift needs the dictionaries of every answer, and the full list only when an answer
/// differs from its mock (most do not): the list, sorted, is spelled out on demand.
struct ReadTree: Sendable {
    struct Node: Sendable {
        let parent: Int
        let component: JSONPath.Component?
        var keys: [String: Int] = [:]
        /// The members' nodes in the order first read, where the next read likely is, and this
        /// node's place in its parent's order.
        var keyOrder: [Int] = []
        var nextKey = 0
        var position = 0
        var element = -1
        var anyKey = -1
        var isMap = false
        /// Set once the node is read: the type's name, and whether any read required it.
        var type: String?
        var required = false
        /// For an object's node: the keys of an object read here, and whether none is repeated.
        var layout: [String] = []
        var layoutUnique = false
        /// For a member's node: where in its object the member was found last.
        var slot = 0
    }

    /// The root first; a node's parent comes before it.
    var nodes = [Node(parent: -1, component: nil)]
    /// Bumped whenever a node becomes a dictionary: a container that found its node before then
    /// finds it again from its path, so that reads below a dictionary use `.*` as they always did.
    var generation = 0
    /// How many union branches the decode is inside (`OneOfDecoding.branch`): a field a branch
    /// requires is required of that branch's objects only, so it is recorded as read, not required.
    var branchDepth = 0

    private func path(of node: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = node
        while let component = nodes[current].component {
            components.append(component)
            current = nodes[current].parent
        }
        return JSONPath(components.reversed())
    }

    /// Every read, in no particular order.
    var reads: [FieldRead] {
        nodes.indices.compactMap { index in
            guard let type = nodes[index].type else { return nil }
            return FieldRead(path: path(of: index), type: type, required: nodes[index].required, isMap: nodes[index].isMap)
        }
    }

    var sortedReads: [FieldRead] {
        // In `JSONPath`'s order, each path spelled once: its `<` spells out both sides, and a
        // sort compares each read many times.
        reads.map { (text: $0.path.description, read: $0) }.sorted { $0.text < $1.text }.map(\.read)
    }

    /// The paths of the dictionaries read: what `reads.filter(\.isMap)` holds, without a path
    /// per read.
    var mapPaths: [JSONPath] {
        nodes.indices.compactMap { index in
            nodes[index].isMap && nodes[index].type != nil ? path(of: index) : nil
        }
    }
}
