import Foundation

/// A request as a transport sees it: everything resolved, nothing left to fill in.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var url: URL
    /// Header fields in the order they are sent. Names keep their case; lookups ignore it.
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// The endpoint this request was built for, so that a transport (the mock one) can find its
    /// answer and traces can name it. Not sent.
    public var endpointID: String?
    /// Whether a transport follows a redirect answer to where it points (within the request's
    /// origin). False for an endpoint whose declared answer is the redirect itself.
    public var followsRedirects = true

    public init(
        method: HTTPMethod, url: URL, headers: [(name: String, value: String)] = [],
        body: Data? = nil, endpointID: String? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.endpointID = endpointID
    }

    public func header(_ name: String) -> String? {
        headers.first { HeaderName.same($0.name, name) }?.value
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.endpointID == rhs.endpointID
            && lhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
                == rhs.headers.map { "\($0.name.lowercased()):\($0.value)" }
    }
}
