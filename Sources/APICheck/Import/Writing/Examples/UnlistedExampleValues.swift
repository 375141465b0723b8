/// The values of a document's example that its schema's `enum`s do not list, by JSONPath: an
/// example body sent as written would be refused by a server that checks them (Chroma's own
/// `{"read_level": "IndexAndWal"}` where the schema lists others), and `live` would report the
/// server's correct refusal. Walked through properties, items, `allOf` and references; a union's
/// branches are not guessed between.
struct UnlistedExampleValues {
    let source: OpenAPISource

    /// Each place whose value is not among its schema's listed ones, with the listed values.
    func find(in value: JSONValue, schema: JSONValue, limit: Int = 5) -> [(path: JSONPath, listed: [JSONValue])] {
        var found: [(path: JSONPath, listed: [JSONValue])] = []
        walk(value, schema, at: .root, depth: 0, into: &found, limit: limit)
        return found
    }

    private func walk(
        _ value: JSONValue, _ schema: JSONValue, at path: JSONPath, depth: Int,
        into found: inout [(path: JSONPath, listed: [JSONValue])], limit: Int
    ) {
        guard found.count < limit, depth < 32, let schema = source.resolve(schema) else { return }
        let listed = OpenAPISource.enumValues(schema)
        if !listed.isEmpty, value != .null, !listed.contains(value) {
            found.append((path, listed))
            return
        }
        for part in OpenAPISource.array(schema["allOf"]) { walk(value, part, at: path, depth: depth + 1, into: &found, limit: limit) }
        switch value {
        case let .object(members):
            let properties = OpenAPISource.members(schema["properties"])
            for (key, member) in members {
                if let property = properties.first(where: { $0.key == key })?.value {
                    walk(member, property, at: path.appending(key), depth: depth + 1, into: &found, limit: limit)
                }
            }
        case let .array(items):
            guard let itemSchema = schema["items"] else { return }
            for (index, item) in items.enumerated() {
                walk(item, itemSchema, at: path.appending(index: index), depth: depth + 1, into: &found, limit: limit)
            }
        default:
            break
        }
    }
}
