/// The arrays a mock shows items of that a new answer has empty, at the same place: an empty
/// list says nothing of its items' shape, so recording it over the mock leaves drift nothing to
/// compare with there until a recording shows some. Where the list is the answer's content (the
/// root array, the envelope's payload, the paging declaration's items: a staging server with
/// nothing in it yet) the mock is worth keeping; a nested list emptied in an answer that has
/// content (a task's `extra_links`, a DAG's `owners`) is that answer's to record. A list that was
/// empty already, or that is gone or of another kind, is the drift's business, not this; but a
/// list left out of an answer that holds no items anywhere is empty, as protobuf's JSON writes
/// an empty page (`{}`, `JSONValue.leavesOutEmptyList(at:)`).
enum EmptiedLists {
    /// Their paths, walked through objects by key and arrays through their first item (`$.data[*]`).
    static func paths(mock: JSONValue, answer: JSONValue, limit: Int = 10) -> [JSONPath] {
        var found: [JSONPath] = []
        walk(mock, answer, at: .root, into: &found, limit: limit, itemless: !answer.holdsItems)
        return found
    }

    /// Where an endpoint's answer keeps its content: the root, the envelope's payload, the list
    /// the paging declaration reads ids in (`$.datas.statuses` of `$.datas.statuses[*].id`), and
    /// the list of a page the `answer` is (`pageList(in:)`), declared or not.
    static func content(of endpoint: AnyEndpoint, in api: API, answer: JSONValue? = nil) -> Set<JSONPath> {
        var paths: Set<JSONPath> = [.root]
        if let payload = api.envelope(for: endpoint)?.payloadPath { paths.insert(payload) }
        if let ids = endpoint.paging?.ids.path, let star = ids.components.firstIndex(of: .anyIndex) {
            paths.insert(JSONPath(Array(ids.components[..<star])))
        }
        if let list = answer.flatMap(pageList(in:)) { paths.insert(list) }
        return paths
    }

    /// The items of a page that no paging declaration names: an object whose one array is
    /// `items`, `results` or `data`, beside nothing but scalars, one of them a count of the list
    /// (`{"index": 1, "total_pages": 1, "total": 0, "items": []}`, FastAPI's, Django's). Narrow on
    /// purpose: an object with other arrays or objects is a resource, whose lists are its own.
    static func pageList(in document: JSONValue) -> JSONPath? {
        guard case let .object(members) = document else { return nil }
        var list: String?
        var counted = false
        for (key, value) in members {
            switch value {
            case .array:
                guard list == nil, ["items", "results", "data"].contains(key) else { return nil }
                list = key
            case .object:
                return nil
            default:
                counted = counted || countNames.contains(MemberName.folded(key))
            }
        }
        guard counted, let list else { return nil }
        return JSONPath.root.appending(list)
    }

    /// Names of a page's count of its list, lowercased without `_` and `-`.
    private static let countNames: Set<String> = [
        "total", "count", "totalcount", "totalpages", "totalitems", "totalresults", "totalelements",
    ]

    private static func walk(
        _ mock: JSONValue, _ answer: JSONValue, at path: JSONPath, into found: inout [JSONPath], limit: Int, itemless: Bool
    ) {
        guard found.count < limit else { return }
        switch (mock, answer) {
        case let (.array(old), .array(new)):
            if new.isEmpty, !old.isEmpty {
                found.append(path)
            } else if let first = old.first, let next = new.first {
                walk(first, next, at: path.appendingAnyIndex(), into: &found, limit: limit, itemless: itemless)
            }
        case let (.object(old), .object(new)):
            for (key, value) in old {
                // Left out of an answer without items: an empty list, or an empty object above one.
                let left: JSONValue? =
                    switch value {
                    case .array where itemless: .array([])
                    case .object where itemless: .object([])
                    default: nil
                    }
                guard let next = new.first(where: { $0.key == key })?.value ?? left else { continue }
                walk(value, next, at: path.appending(key), into: &found, limit: limit, itemless: itemless)
            }
        default:
            break
        }
    }
}
