import APICheck
import HTTPServer
import MockServer

/// What a request through the proxy is, by the declarations: a declared endpoint's call, or a
/// route none declares (a web UI's pages and scripts), or one the client opted out of.
enum ProxyRoute {
    case endpoint(AnyEndpoint, pathValues: [(name: String, value: String)])
    case undeclared(note: String?)
    case skipped

    init(_ request: ServerRequest, routes: RouteTable, basePath: String) {
        if request.header(ProxyOptions.skipHeader) != nil {
            self = .skipped
            return
        }
        guard request.rawPath.hasPrefix(basePath) || request.rawPath + "/" == basePath else {
            self = .undeclared(note: "outside \(basePath)")
            return
        }
        let relative = request.rawPath.dropFirst(min(basePath.count, request.rawPath.count))
        switch routes.match(method: request.method, path: relative, meets: { $0.isMet(by: request) }) {
        case let .found(endpoint, pathValues): self = .endpoint(endpoint, pathValues: pathValues)
        case .wrongMethod: self = .undeclared(note: "declared with another method")
        case let .notFound(note): self = .undeclared(note: note)
        }
    }
}

extension AnyEndpoint {
    /// Whether the endpoint's next page is named in a header of the answer (`Link`, a token or
    /// URL header): then the page depends on more than the answer's body.
    var pagesByHeader: Bool {
        switch paging?.cursor {
        case .link?, .token(.header, _)?, .url(.header)?: true
        default: false
        }
    }
}
