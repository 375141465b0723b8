import APICheck

extension Paging {
    /// Whether a drift finding is only the list's end or its middle, as the pages of one list
    /// differ: the next token or URL in the body (`$.next`) is there on every page but the last,
    /// which has none or null, while the mock is one page or the whole list. Any other change
    /// there (a token that became a number) is still drift.
    func isPageEnd(_ finding: Finding) -> Bool {
        guard let path = cursor.bodyPath?.path, finding.path == path.description else { return false }
        switch finding.kind {
        case .driftRemoved, .driftNull, .driftAdded: return true
        default: return false
        }
    }
}
