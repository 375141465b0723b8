extension JSONValue {
    /// Puts `value` at a path of keys, making the objects on the way (what `serve` needs to write
    /// an error or envelope whose fields sit at declared paths). Index steps are not made: a path
    /// through an array that is not there leaves the document as it was.
    public mutating func set(_ value: JSONValue, at path: JSONPath) {
        guard let first = path.components.first else { self = value; return }
        let rest = JSONPath(Array(path.components.dropFirst()))
        switch (first, self) {
        case let (.key(key), .object(members)):
            var members = members
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value.set(value, at: rest)
            } else {
                var child = JSONValue.object([])
                child.set(value, at: rest)
                members.append((key, child))
            }
            self = .object(members)
        case (.key, _):
            self = .object([])
            set(value, at: path)
        case let (.index(index), .array(items)) where items.indices.contains(index):
            var items = items
            items[index].set(value, at: rest)
            self = .array(items)
        default:
            break
        }
    }
}
