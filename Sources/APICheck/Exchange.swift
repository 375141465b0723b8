/// One request and the answer it got, before any interpretation.
public struct Exchange: Sendable {
    public var request: HTTPRequest
    public var response: HTTPResponse
    /// Where the answer came from, fit to print: a mock file, or the URL without its query.
    public var source: String
}
