/// The pages one client read of one list, in the order it read them: each page that follows the
/// one before (asked with the cursor that page gave) is judged against it and the pages before,
/// as `live` judges the pages it follows itself: no item twice, each page in the declared order,
/// an id cursor's page beyond the previous one's last, no cursor given twice. A page asked some
/// other way (a first page, a jump, a refresh) starts the list again.
///
/// Bounded: at most `idLimit` earlier ids and as many cursors are remembered; past that the
/// oldest pages' items are no longer compared (`forgotten` counts the ids let go).
public struct PageStream: Sendable {
    private let judge: PagingCheck
    private let idLimit: Int
    private var last: ObservedPage?
    private var earlier: Set<PageID> = []
    private var cursorsGiven: Set<String> = []
    /// Ids not remembered because the list passed `idLimit`.
    public private(set) var forgotten = 0

    public init(endpoint: String, paging: Paging, idLimit: Int = 10_000) {
        judge = PagingCheck(endpoint: endpoint, paging: paging)
        self.idLimit = idLimit
    }

    /// The cursor the last page read gives for the next one (its URL, for a link); nil at the
    /// list's end or before any page.
    public var nextCursor: String? { last?.next }

    /// Reads `page` after those read so far; returns what it breaks, each with its rule.
    public mutating func read(_ page: ObservedPage) -> [(rule: PagingRule, finding: Finding)] {
        var found: [(rule: PagingRule, finding: Finding)] = []
        if let last, let asked = page.askedWith, last.next == asked {
            for finding in judge.findings(first: last.ids, next: page.ids, earlier: earlier, cursor: last.shownNext) {
                found.append((Self.rule(of: finding), finding))
            }
            if found.isEmpty {
                remember(last.ids)
            } else {
                // As `live` stops its walk at a fault: the pages after it are judged afresh, or
                // one repeated item would be found again with every later page.
                earlier = []
                cursorsGiven = []
            }
        } else {
            earlier = []
            cursorsGiven = []
        }
        if let oversized = page.oversized { found.append((.size, oversized)) }
        if let fault = page.fault {
            found.append((.page, fault))
        } else if let next = page.next, cursorsGiven.count < idLimit, !cursorsGiven.insert(next).inserted {
            let shown = page.shownNext ?? next
            found.append(
                (
                    .repeatedCursor,
                    judge.finding(
                        expected: "a next cursor not given before in this list", found: shown,
                        message: "a page gives the next cursor (\(shown)) an earlier page of the same list gave: "
                            + "a client following it reads those pages again, and may never reach the end",
                        at: judge.paging.cursor.bodyPath)
                ))
        }
        last = page
        return found
    }

    private mutating func remember(_ ids: [PageID]) {
        let room = max(0, idLimit - earlier.count)
        if ids.count <= room {
            earlier.formUnion(ids)
        } else {
            earlier.formUnion(ids.prefix(room))
            forgotten += ids.count - room
        }
    }

    /// The rule a finding of `PagingCheck` breaks, by what it expected: its own wording.
    private static func rule(of finding: Finding) -> PagingRule {
        let expected = finding.expected ?? ""
        if expected == "each id once" { return .repeatedItems }
        if expected.hasPrefix("ids <") || expected.hasPrefix("ids >") { return .backwards }
        return .order
    }
}
