import Foundation

/// Judges the pages of an endpoint that declares paging, two at a time: the ids of each page in
/// the declared order, an id cursor's next page beyond the last id, no id twice across every page
/// read so far. Every finding names the endpoint, the ids' JSONPath and the ids at fault.
struct PagingCheck: Sendable {
    let endpoint: String
    let paging: Paging

    /// The ids at the declaration's `[*]` path, in document order; nil when the path reaches no
    /// array or an item's id there is no number or string (the page itself is then malformed).
    /// A page that holds no items and leaves its list out (`{}`) is an empty page.
    static func ids(in document: JSONValue, at path: JSONPath) -> [PageID]? {
        guard let current = document.values(at: path) else {
            guard let list = JSONValue.listPath(of: path), document.leavesOutEmptyList(at: list) else { return nil }
            return []
        }
        let ids = current.compactMap(PageID.init)
        return ids.count == current.count ? ids : nil
    }

    /// `first` and the page after it; `earlier` holds the ids of the pages before `first`, and
    /// `cursor` says how the next page was asked for (`max_id=7`).
    func findings(first: [PageID], next: [PageID], earlier: Set<PageID> = [], cursor: String? = nil) -> [Finding] {
        var findings: [Finding] = []
        var first = first, next = next
        // An inclusive cursor that is no number (a range read's `start_key`) is sent as it is: the
        // server starts each next page with the cursor's own item, which is not an item twice.
        if case .id(_, inclusive: true) = paging.cursor {
            if let last = first.last, last.number == nil, next.first == last { next.removeFirst() }
            if let head = first.first, head.number == nil, earlier.contains(head) { first.removeFirst() }
        }
        if let order = paging.order {
            for (name, page) in [("first", first), ("next", next)] {
                if let index = page.indices.dropFirst().first(where: { !paging.inOrder(page[$0 - 1], page[$0]) }) {
                    findings.append(
                        finding(
                            expected: "ids \(order.rawValue)", found: "\(page[index - 1]) then \(page[index])",
                            message:
                                "the \(name) page is not ordered \(order.rawValue) by id: \(page[index - 1]) comes before \(page[index])"))
                }
            }
        }
        if case .id = paging.cursor, let order = paging.order, let last = first.last {
            let misplaced = next.filter { !paging.inOrder(last, $0) }
            if !misplaced.isEmpty {
                let side = order == .descending ? "older" : "newer"
                let bound = order == .descending ? "<" : ">"
                findings.append(
                    finding(
                        expected: "ids \(bound) \(last)", found: list(misplaced),
                        message: "the next page (\(cursor ?? "")) must hold only items \(side) than "
                            + "the first page's last, \(last); it holds \(list(misplaced))"))
            }
        }
        // Sets, not a search of the list so far: two pages of 100,000 items that repeat each other
        // are 100,000 ids twice.
        var seen = earlier, listed: Set<PageID> = []
        var twice: [PageID] = []
        for id in first + next where !seen.insert(id).inserted && listed.insert(id).inserted { twice.append(id) }
        if !twice.isEmpty {
            let across = earlier.isEmpty ? "the two pages" : "the pages read"
            findings.append(
                finding(
                    expected: "each id once", found: list(twice),
                    message: "items come twice across \(across): \(list(twice))"))
        }
        return findings
    }

    /// A list that must end within its page budget (`mustEnd`) and whose last page read, page
    /// `maxPages`, still asks for another (`next`: `offset=10`, or the URL); `items` were read in all.
    func neverEnded(items: Int, next: String) -> Finding {
        let pages = paging.maxPages
        return finding(
            expected: "the list's end within \(pages) pages", found: "\(pages) pages, \(items) items, then a next page (\(next))",
            message: "the list never ended within its page budget of \(pages) pages (maxPages): \(items) items read, "
                + "none twice, and page \(pages) still asks for another (\(next)); a client following it may never end",
            at: paging.cursor.bodyPath)
    }

    /// Information: the server refused the page after a full one (`cursor`: `page=4`) with
    /// `status`, which ends a list with no counts declared (`Paging.endsOnRefusal`).
    func refusedAsEnd(status: Int, cursor: String, after items: Int) -> Finding {
        var finding = finding(
            expected: "an empty or short page, or counts that say the page is the last", found: "HTTP \(status) for \(cursor)",
            message: "the page after a full page of \(items) items (\(cursor)) was refused with HTTP \(status): taken as the list's end, "
                + "as servers that refuse a page past the last answer; declare the page's counts (.counted(pages:) or total:) "
                + "so live stops at the last page and a refusal before it is an error")
        finding.severity = .info
        return finding
    }

    /// A warning for a page that holds more items than the size it was asked with (`n=2`, seven
    /// tags): the server ignores the size, and a client that asks for small pages (to bound its
    /// memory, to fill one screen) gets the whole list. Fewer is no finding: a server may cap a
    /// size it finds too large. Nil where no size was asked, or the ids' path has more than one
    /// `[*]`, whose ids are not one per item. A page a link or next URL led to was asked with
    /// that URL's query alone (`url`), not the values the list began with.
    func longerThanAsked(_ ids: [PageID], values: [String: ParameterValue], url: URL? = nil) -> Finding? {
        guard let name = paging.size else { return nil }
        let text: String?
        switch (paging.cursor, url) {
        case let (.link, url?), let (.url, url?):
            text = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == name }?.value
        default:
            text = values[name]?.text
        }
        guard let asked = text.flatMap({ Int($0) }), asked > 0, ids.count > asked,
            let path = paging.ids.path, path.components.count(where: { $0 == .anyIndex || $0 == .anyKey }) == 1
        else { return nil }
        var finding = finding(
            expected: "at most \(asked) items (\(name)=\(asked))", found: "\(ids.count) items",
            message: "a page asked with \(name)=\(asked) holds \(ids.count) items: the server ignores the page size, "
                + "and a client that asks for small pages gets more than it can hold")
        finding.severity = .warning
        return finding
    }

    /// A paging finding at the ids' JSONPath, or at `path` (where the next token sits).
    func finding(expected: String, found: String, message: String, at path: DeclaredPath? = nil) -> Finding {
        Finding(
            kind: .paging, severity: .error, endpoint: endpoint, path: (path ?? paging.ids).path, expected: expected,
            found: found, message: message)
    }

    /// At most ten ids, then how many more.
    private func list(_ ids: [PageID]) -> String {
        let shown = ids.prefix(10).map(\.description).joined(separator: ", ")
        return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
    }
}
