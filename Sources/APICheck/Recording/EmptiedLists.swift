/// The arrays a mock shows items of that a new answer has empty, at the same place: an empty
/// list says nothing of its items' shape, so recording it over the mock would leave drift nothing
/// to compare with there, for good. A list that was empty already, or that is gone or of another
/// kind, is the drift's business, not this.
enum EmptiedLists {
    /// Their paths, walked through objects by key and arrays through their first item (`$.data[*]`).
    static func paths(mock: JSONValue, answer: JSONValue, limit: Int = 10) -> [JSONPath] {
        var found: [JSONPath] = []
        walk(mock, answer, at: .root, into: &found, limit: limit)
        return found
    }

    private static func walk(_ mock: JSONValue, _ answer: JSONValue, at path: JSONPath, into found: inout [JSONPath], limit: Int) {
        guard found.count < limit else { return }
        switch (mock, answer) {
        case let (.array(old), .array(new)):
            if new.isEmpty, !old.isEmpty {
                found.append(path)
            } else if let first = old.first, let next = new.first {
                walk(first, next, at: path.appendingAnyIndex(), into: &found, limit: limit)
            }
        case let (.object(old), .object(new)):
            for (key, value) in old {
                guard let next = new.first(where: { $0.key == key })?.value else { continue }
                walk(value, next, at: path.appending(key), into: &found, limit: limit)
            }
        default:
            break
        }
    }
}
