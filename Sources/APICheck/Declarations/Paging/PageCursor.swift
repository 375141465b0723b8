/// What asks for the next page of a list, and where a page says it is the last.
public enum PageCursor: Sendable, Equatable {
    /// Where a server hands out the next page's token.
    public enum Place: Sendable, Equatable {
        /// At a JSONPath of the answer (`$.end`, `$.next_batch`).
        case body(DeclaredPath)
        /// In a response header (`X-Next-Token`).
        case header(String)
        /// The `href` of the link whose relation is `rel`, in the array of link objects at a
        /// JSONPath of the answer: OGC API's, STAC's and Collection+JSON's
        /// `"links": [{"rel": "next", "href": "…"}, …]`, where the link's index changes from page
        /// to page and the last page has none. A `rel` matches as RFC 8288 compares relation
        /// types: without regard to case, one of several separated by spaces, or one of an array
        /// of them (Siren's `"rel": ["next"]`).
        case bodyLink(rel: String, in: DeclaredPath)
    }

    /// The parameter is set from the page's last id (`max_id`); declared in the body, it travels
    /// in the JSON or form body (`"start_key": <last key>` of a range read). With `inclusive`, the
    /// server keeps the cursor's own item: a number cursor then steps one past it, a string cursor
    /// is sent as it is and its item, repeated at the head of the next page, is not counted twice.
    case id(parameter: String, inclusive: Bool)
    /// An opaque token read from each answer and sent back as the query parameter (Matrix
    /// `/messages`: `end` → `from`; `/sync`: `next_batch` → `since`). No token, or null, ends the list.
    case token(from: Place, parameter: String)
    /// Pages numbered from `first` in the query parameter (`page`).
    case pageNumber(parameter: String, first: Int)
    /// The index of the page's first item in the query parameter (`offset`).
    case offset(parameter: String)
    /// RFC 8288 `Link: <…>; rel="next"`: the next page is the linked URL; no such link ends the list.
    case link
    /// The next page's URL, absolute or relative to the request, at a JSONPath of the answer
    /// (`$.next`, `$.links.next`), in the link with a relation among the answer's links, or in a
    /// header; none, or null, ends the list.
    case url(from: Place)

    /// The parameter the cursor sets (in the query, or the body when declared there); nil for a
    /// link, which is the whole next request.
    public var parameter: String? {
        switch self {
        case let .id(parameter, _), let .token(_, parameter), let .pageNumber(parameter, _), let .offset(parameter): parameter
        case .link, .url: nil
        }
    }

    /// The kind's name in messages and `list`.
    public var kindName: String {
        switch self {
        case .id: "id cursor"
        case .token: "token"
        case .pageNumber: "page number"
        case .offset: "offset"
        case .link: "Link header"
        case .url: "next URL"
        }
    }

    /// Whether the step needs the first page's headers and URL beside its body: a header names
    /// the next page, and a relative next URL resolves against the URL the page came from. The
    /// endpoint's own check keeps them for the step (`StepOutcome.firstPage`); the step asks for
    /// the first page itself only when that check's answer was replayed.
    var asksForFirstPage: Bool {
        switch self {
        case .token(.header, _), .link, .url: true
        default: false
        }
    }

    /// Where the next token or URL sits in the body, when it does: its own path, or the array
    /// of links that holds it.
    public var bodyPath: DeclaredPath? {
        switch self {
        case let .token(.body(path), _), let .url(.body(path)), let .token(.bodyLink(_, path), _), let .url(.bodyLink(_, path)):
            path
        default: nil
        }
    }

    /// Whether the list's end is said outright (no token, no link) rather than by a short or empty page.
    var saysItsEnd: Bool {
        switch self {
        case .token, .link, .url: true
        default: false
        }
    }
}
