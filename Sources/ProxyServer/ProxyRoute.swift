import APICheck
import HTTPServer
import MockServer

/// What a request through the proxy is, by the declarations: a declared endpoint's call, or a
/// route none declares (a web UI's pages and scripts), or one the client opted out of, or a
/// browser's preflight of a declared call.
enum ProxyRoute {
    case endpoint(AnyEndpoint, pathValues: [(name: String, value: String)])
    case undeclared(note: String?)
    case skipped
    /// A browser's CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) for a method
    /// an endpoint declares on that path: not a call of its own, and not an undeclared route
    /// (`--undeclared error` would call every cross-origin POST of a web app wrong). Passed
    /// through unchecked and counted; the call it asks for comes next and is judged.
    case preflight
    /// Not routed: its route depends on a body the checks had no room to read
    /// (`ProxyCore.routesOnWorker`). Passed through unchecked, counted with the exchanges the
    /// checks fell behind on.
    case unrouted

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
        case .wrongMethod:
            self =
                Self.isPreflight(request, path: relative, routes: routes)
                ? .preflight : .undeclared(note: "declared with another method")
        case let .notFound(note): self = .undeclared(note: note)
        }
    }

    /// Whether the request asks, before a cross-origin call, whether a method declared on its
    /// path may be sent. An `OPTIONS` an endpoint declares is that endpoint's call instead.
    private static func isPreflight(_ request: ServerRequest, path: Substring, routes: RouteTable) -> Bool {
        guard request.method == "OPTIONS", let asked = request.header("Access-Control-Request-Method") else { return false }
        // A preflight carries neither the call's body nor its headers: any distinction will do.
        if case .found = routes.match(method: asked.trimmingCharacters(in: .whitespaces), path: path, meets: { _ in true }) {
            return true
        }
        return false
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
