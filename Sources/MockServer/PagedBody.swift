import APICheck

/// The page a mock stands for, as a server that pages would cut it: for an endpoint that declares
/// cursor paging and a request that carries the cursor, the items of the mock past the cursor
/// (older for a descending order, newer for an ascending one). Without it a client that follows
/// the cursor would get the first page again, and `apicheck live` against `serve` would rightly
/// report every item twice.
struct PagedBody {
    let paging: Paging

    /// The document with only the items past `cursor`; unchanged when the declared path of the
    /// ids does not lead to an array.
    func page(of document: JSONValue, after cursor: Int64) -> JSONValue {
        guard let path = JSONPath(parsing: paging.ids),
              let star = path.components.firstIndex(of: .anyIndex) else { return document }
        let itemID = Array(path.components[(star + 1)...])
        return filtered(document, at: path.components[..<star], itemID: itemID, cursor: cursor)
    }

    private func filtered(_ value: JSONValue, at components: ArraySlice<JSONPath.Component>,
                          itemID: [JSONPath.Component], cursor: Int64) -> JSONValue {
        guard let first = components.first else {
            guard case let .array(items) = value else { return value }
            return .array(items.filter { item in
                guard let id = item.value(at: JSONPath(itemID))?.int64Value else { return true }
                return kept(id, cursor: cursor)
            })
        }
        switch (first, value) {
        case let (.key(key), .object(members)):
            return .object(members.map { member in
                member.key == key ? (member.key, filtered(member.value, at: components.dropFirst(), itemID: itemID, cursor: cursor)) : member
            })
        case let (.index(index), .array(items)) where items.indices.contains(index):
            var items = items
            items[index] = filtered(items[index], at: components.dropFirst(), itemID: itemID, cursor: cursor)
            return .array(items)
        default:
            return value
        }
    }

    /// `max_id` keeps ids up to the cursor (inclusive) or below it; an ascending cursor the reverse.
    private func kept(_ id: Int64, cursor: Int64) -> Bool {
        switch (paging.order, paging.inclusive) {
        case (.descending, true): return id <= cursor
        case (.descending, false): return id < cursor
        case (.ascending, true): return id >= cursor
        case (.ascending, false): return id > cursor
        }
    }
}
