/// How an endpoint pages with a cursor: where the ids of a page sit, the order they come in, and
/// the query parameter that asks for the next page. The demo's home timeline:
///
/// ```swift
/// paging: .cursor(ids: "$.datas.statuses[*].id", order: .descending, next: "max_id", inclusive: true)
/// ```
///
/// `apicheck live` then takes the endpoint's own answer as the first page, asks for the next
/// one, and checks what an app's infinite scroll relies on: each page is ordered as declared, the
/// next page holds only older (descending) or newer (ascending) items, and no item comes twice.
public struct Paging: Sendable, Equatable {
    public enum Order: String, Sendable {
        /// Newest first; the next page holds smaller ids.
        case descending
        /// Oldest first; the next page holds larger ids.
        case ascending
    }

    /// JSONPath of the ids of a page's items, with `[*]` over the items (`$.datas.statuses[*].id`).
    public var ids: String
    public var order: Order
    /// The query parameter the next page is asked with (`max_id`), set from the page's last id.
    public var next: String
    /// Whether the server keeps the cursor's own id (`max_id` keeps ids up to and including it):
    /// the next page is then asked from the last id minus one (plus one, ascending).
    public var inclusive: Bool

    public init(ids: String, order: Order, next: String, inclusive: Bool) {
        self.ids = ids
        self.order = order
        self.next = next
        self.inclusive = inclusive
    }

    public static func cursor(ids: String, order: Order, next: String, inclusive: Bool = false) -> Paging {
        Paging(ids: ids, order: order, next: next, inclusive: inclusive)
    }

    /// The cursor value that asks for the page after one ending with `last`.
    public func cursor(after last: Int64) -> Int64 {
        guard inclusive else { return last }
        return order == .descending ? last - 1 : last + 1
    }

    /// Whether `a` may come before `b` within a page.
    func inOrder(_ a: Int64, _ b: Int64) -> Bool {
        order == .descending ? a > b : a < b
    }
}
