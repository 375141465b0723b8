extension JSONValue {
    /// Puts `value` at a path, making what is missing on the way (what `serve` needs to write an
    /// error or envelope whose fields sit at declared paths, as the registry's
    /// `$.errors[0].code`): objects for keys, and arrays for indexes, padded with nulls up to the
    /// index. `[*]` writes into every element, and into a new one when the array is empty; `.*`
    /// writes into every member and makes none, as a member needs a name.
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
        case let (.index(index), .array(items)):
            guard index >= 0 else { return }
            var items = items
            while items.count <= index { items.append(.null) }
            items[index].set(value, at: rest)
            self = .array(items)
        case let (.anyIndex, .array(items)):
            var items = items.isEmpty ? [JSONValue.null] : items
            for index in items.indices { items[index].set(value, at: rest) }
            self = .array(items)
        case (.index, _), (.anyIndex, _):
            self = .array([])
            set(value, at: path)
        case let (.anyKey, .object(members)):
            var members = members
            for index in members.indices { members[index].value.set(value, at: rest) }
            self = .object(members)
        default:
            break
        }
    }
}
