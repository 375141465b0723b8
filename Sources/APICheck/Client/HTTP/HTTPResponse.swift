import Foundation

/// A complete response: status, headers, the whole body, and how long it took.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields as received, in order. Names keep their case; lookups ignore it.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// The URL that answered, after redirects.
    public var url: URL?
    public var timings: Timings
    /// Where the answer came from when that is not `url`: the mock file that `MockTransport` read.
    public var source: String?
    /// The chain the server presented (leaf first) when this answer came over a new TLS
    /// connection; empty otherwise (plain HTTP, a reused connection, a mock).
    public var certificates: [ServerCertificate] = []

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(),
        url: URL? = nil, timings: Timings = Timings(), source: String? = nil
    ) {
        self.source = source
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.timings = timings
    }

    public func header(_ name: String) -> String? {
        headers.last { HeaderName.same($0.name, name) }?.value
    }

    public var contentType: String? { header("Content-Type") }

    /// The answer was replayed from a recording (a mock file), not given by a server: the one
    /// signal of a replay, kept by any transport that wraps the one that replayed it.
    public var isReplayed: Bool { source != nil }
}
