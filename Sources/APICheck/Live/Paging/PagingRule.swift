/// Which invariant across the pages of one list a finding breaks: the proxy groups paging
/// findings by it, as they all sit at the same JSONPath (the ids').
public enum PagingRule: String, Sendable {
    /// An item came twice across the pages read.
    case repeatedItems = "repeated-items"
    /// A page is not in the declared order.
    case order
    /// An id cursor's next page holds items at or before the previous page's last: it went backwards.
    case backwards
    /// A page gives a next cursor an earlier page of the same list gave: a client following it
    /// reads those pages again.
    case repeatedCursor = "repeated-cursor"
    /// A page holds more items than the size it was asked with: the server ignores the size.
    case size = "page-size"
    /// A page that gives a next cursor it should not (an empty one, its own, another origin's).
    case page
}
