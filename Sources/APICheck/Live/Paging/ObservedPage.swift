import Foundation

/// One page of a list that an app read (through the proxy), as the checks across pages need it:
/// its ids, the cursor it was asked with and the one it gives for the next page, and what is at
/// fault in the page itself (an empty page that still gives a token). Made from the answer once:
/// the document is not kept, so a stream of pages holds ids, not answers.
public struct ObservedPage: Sendable {
    public let ids: [PageID]
    /// The cursor's text the page was asked with: the cursor parameter's value (in the query or the
    /// body, where the endpoint declares it), or the page's URL for a `Link` or next-URL cursor;
    /// nil when the request carried no cursor (a first page).
    public let askedWith: String?
    /// The cursor's text the next page is asked with, compared with a later page's `askedWith`;
    /// nil at the list's end or on a fault.
    let next: String?
    /// How the next page is asked for, for messages (`max_id=7`).
    let shownNext: String?
    /// What the page itself shows wrong, whatever came before it.
    let fault: Finding?
    /// A warning when the page holds more items than the size it was asked with.
    let oversized: Finding?

    /// Nil when the endpoint declares no paging or the page has no ids where its paging reads
    /// them (the answer's own checks say what is wrong with it). `query` is the request's,
    /// decoded; `body` the top-level fields of its JSON or form body as text, where a range read
    /// carries its cursor and size (`{"start_key": "c", "limit": 3}`); `url` the one it was asked
    /// at; `headers` the answer's.
    public init?(
        endpoint: AnyEndpoint, document: JSONValue, query: [(name: String, value: String)],
        body: [(name: String, value: String)] = [], headers: [(name: String, value: String)], url: URL
    ) {
        guard let paging = endpoint.paging, let path = paging.ids.path,
            let ids = PagingCheck.ids(in: document, at: path)
        else { return nil }
        self.ids = ids
        var values: [String: ParameterValue] = [:]
        // A parameter is read where the endpoint declares it: a body cursor from the body, even
        // when the query happens to hold a field of the same name.
        let inBody = Set(endpoint.parameters.filter { $0.location == .body }.map(\.name))
        for item in body where inBody.contains(item.name) && values[item.name] == nil { values[item.name] = .string(item.value) }
        for item in query + body where values[item.name] == nil { values[item.name] = .string(item.value) }
        let parameter = paging.cursor.parameter
        askedWith = parameter.map { values[$0]?.text } ?? url.absoluteString
        let read = PageRead(ids: ids, document: document, headers: headers, values: values, url: url)
        oversized = PagingCheck(endpoint: endpoint.id, paging: paging).longerThanAsked(ids, values: values)
        var fault: Finding?
        switch paging.next(after: read, of: endpoint) {
        case .end:
            (next, shownNext) = (nil, nil)
        case let .ask(asked, cursor):
            (next, shownNext) = (parameter.flatMap { asked[$0]?.text }, cursor)
        case let .follow(url):
            (next, shownNext) = (url.absoluteString, Paging.shown(url))
        case let .fault(expected, found, message):
            (next, shownNext) = (nil, nil)
            fault = PagingCheck(endpoint: endpoint.id, paging: paging)
                .finding(expected: expected, found: found, message: message, at: paging.cursor.bodyPath)
        }
        self.fault = fault
    }
}
