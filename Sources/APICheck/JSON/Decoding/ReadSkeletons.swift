import Synchronization

/// The nodes the decodes of each type grew, none of them read: what the next decode of that type
/// at that place starts from. The proxy decodes one type thousands of times; without this, each
/// decode grows the same tree again, a node, a lookup entry and a list slot per field.
///
/// A node found here instead of added gives the same reads: a node is only its path until a
/// decode reads it, and `ReadTree.reads` lists only the nodes read.
enum ReadSkeletons {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let base: JSONPath
    }

    /// Trees past this many nodes are not kept (a big answer's keys are not a type's fields);
    /// nor any tree once this many types are kept.
    static var maxNodes: Int { 1024 }
    static var maxTrees: Int { 1024 }

    private static let trees = Mutex<[Key: ReadTree]>([:])

    /// What a decode of `type` at `base` starts from: the nodes decodes of it grew, unread.
    static func tree(for type: Any.Type, at base: JSONPath) -> ReadTree {
        trees.withLock { $0[Key(type: ObjectIdentifier(type), base: base)] } ?? ReadTree()
    }

    /// Keeps the nodes of `tree`, a decode of `type` at `base` that started from `started` nodes.
    static func learn(_ tree: ReadTree, for type: Any.Type, at base: JSONPath, started: Int) {
        guard tree.nodes.count > started, tree.nodes.count <= maxNodes else { return }
        let unread = tree.unread
        trees.withLock { trees in
            let key = Key(type: ObjectIdentifier(type), base: base)
            guard trees.count < maxTrees || trees[key] != nil else { return }
            trees[key] = unread
        }
    }
}
