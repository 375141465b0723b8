// TEMPORARY stand-in for the HTTPServer module, written on branch `sandbox` so that Sandbox builds
// before the real libmicrohttpd server lands. Drop this file at merge: the real module provides the
// same public API.
import Foundation

public struct ServerRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

public struct ServerResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    public var truncateAfter: Int?

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
                truncateAfter: Int? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.truncateAfter = truncateAfter
    }

    public static func json(_ body: Data, status: Int = 200) -> ServerResponse {
        ServerResponse(status: status, headers: [(name: "Content-Type", value: "application/json")], body: body)
    }
}

/// Placeholder with the real server's signature; it cannot listen, so `start()` always throws.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    private let host: String
    private let requestedPort: Int

    public init(host: String = "127.0.0.1", port: Int = 0, handler: @escaping Handler) {
        self.host = host
        self.requestedPort = port
    }

    public struct Unavailable: Error {}

    public func start() throws { throw Unavailable() }
    public var port: Int { requestedPort }
    public var baseURL: URL { URL(string: "http://\(host):\(requestedPort)/")! }
    public func stop() {}
}
