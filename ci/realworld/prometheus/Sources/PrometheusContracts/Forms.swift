/// `POST /api/v1/query`'s form: the expression, and the evaluation time when not now.
public struct QueryForm: Codable, Sendable {
    public var query: String
    public var time: String?
    public var timeout: String?

    public init(query: String, time: String? = nil, timeout: String? = nil) {
        self.query = query
        self.time = time
        self.timeout = timeout
    }
}

/// `POST /api/v1/series`'s form: the selectors, repeated as `match[]`.
public struct SeriesForm: Codable, Sendable {
    public var match: [String]
    public var start: String?
    public var end: String?

    public init(match: [String], start: String? = nil, end: String? = nil) {
        self.match = match
        self.start = start
        self.end = end
    }
}
