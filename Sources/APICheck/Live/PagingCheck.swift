/// Judges two pages of an endpoint that declares cursor paging: the ids of each page in the
/// declared order, the next page beyond the first one's last id, no id twice. Every finding names
/// the ids at fault.
struct PagingCheck: Sendable {
    let endpoint: String
    let paging: Paging

    /// The ids at the declaration's `[*]` path, in document order; nil when the path reaches no
    /// array or an item has no integer id there (the page itself is then malformed).
    static func ids(in document: JSONValue, at path: JSONPath) -> [Int64]? {
        guard let current = document.values(at: path) else { return nil }
        let ids = current.compactMap(\.int64Value)
        return ids.count == current.count ? ids : nil
    }

    func findings(first: [Int64], next: [Int64]) -> [Finding] {
        var findings: [Finding] = []
        for (name, page) in [("first", first), ("next", next)] {
            if let index = page.indices.dropFirst().first(where: { !paging.inOrder(page[$0 - 1], page[$0]) }) {
                findings.append(finding(
                    expected: "ids \(paging.order.rawValue)", found: "\(page[index - 1]) then \(page[index])",
                    message: "the \(name) page is not ordered \(paging.order.rawValue) by id: \(page[index - 1]) comes before \(page[index])"))
            }
        }
        if let last = first.last {
            let misplaced = next.filter { !paging.inOrder(last, $0) }
            if !misplaced.isEmpty {
                let side = paging.order == .descending ? "older" : "newer"
                let bound = paging.order == .descending ? "<" : ">"
                findings.append(finding(
                    expected: "ids \(bound) \(last)", found: list(misplaced),
                    message: "the next page (\(paging.next)=\(paging.cursor(after: last))) must hold only items \(side) than "
                        + "the first page's last, \(last); it holds \(list(misplaced))"))
            }
        }
        // Sets, not a search of the list so far: two pages of 100,000 items that repeat each other
        // are 100,000 ids twice.
        var seen: Set<Int64> = [], listed: Set<Int64> = []
        var twice: [Int64] = []
        for id in first + next where !seen.insert(id).inserted && listed.insert(id).inserted { twice.append(id) }
        if !twice.isEmpty {
            findings.append(finding(expected: "each id once", found: list(twice),
                                    message: "items come twice across the two pages: \(list(twice))"))
        }
        return findings
    }

    private func finding(expected: String, found: String, message: String) -> Finding {
        Finding(kind: .paging, severity: .error, endpoint: endpoint, path: JSONPath(parsing: paging.ids), expected: expected, found: found,
                message: message)
    }

    /// At most ten ids, then how many more.
    private func list(_ ids: [Int64]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
    }
}
