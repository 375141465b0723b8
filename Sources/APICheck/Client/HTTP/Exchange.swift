/// One request and the answer it got, before any interpretation.
public struct Exchange: Sendable {
    public var request: HTTPRequest
    public var response: HTTPResponse
    /// Where the answer came from, fit to print: a mock file, or the URL without its query.
    /// Worked out when asked (an error names it), not for every answer: printing a URL goes
    /// through `URLComponents`, a cost a run over a big catalog would pay per answer.
    public var source: String { response.source ?? Redactor.withoutQuery(request.url) }
    /// The token a login's answer carried, read once when the answer arrived (and masked from
    /// then on). Internal: callers get tokens through the session.
    var issuedToken: String?
    /// The refresh token a login's or refresh's answer carried, when the API declares refresh.
    var issuedRefreshToken: String?
    /// The token the request carried, if any.
    var sentToken: String?
}
