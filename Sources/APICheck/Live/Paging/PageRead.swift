import Foundation

/// One page as the paging step holds it: its ids, its answer, and the request that asked for it.
struct PageRead: Sendable {
    var ids: [PageID]
    var document: JSONValue
    /// The answer's headers; nil for the first page taken from the endpoint's own check, whose
    /// headers are not kept.
    var headers: [(name: String, value: String)]?
    /// The values the page was asked with.
    var values: [String: ParameterValue]
    /// The URL it was asked at; nil for the first page taken from the endpoint's own check.
    var url: URL?
}
