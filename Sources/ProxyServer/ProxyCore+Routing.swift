import APICheck
import HTTPServer
import MockServer

/// Routing an exchange. A route told apart by a body field reads the request's body, decoded
/// when it came compressed: a few KiB may decode to the check's cap (a bomb), and a large body
/// takes milliseconds to parse, so such a request is routed on a check worker, never on the loop
/// its connection shares with other clients.
extension ProxyCore {
    /// Whether routing the request would read a body a loop should not.
    func routesOnWorker(_ request: ServerRequest) -> Bool {
        routesByBody && !request.body.isEmpty
            && (request.body.count > checks.localLimit || request.header("Content-Encoding") != nil)
    }

    /// The request's route; a compressed body is read decoded, while the upstream gets it as it came.
    func route(_ request: ServerRequest) -> ProxyRoute {
        let readable = routesByBody ? RequestBodyDecoding.readable(request, cap: check.cap) : request
        return ProxyRoute(readable, routes: routes, basePath: basePath)
    }

    /// Routes the request and sends it on, its answer to go to `deferred`; an answer given at
    /// once instead, or nil. A request whose routing reads its body is routed on a check worker;
    /// past the checks' budget it goes on unrouted and unchecked, counted with the exchanges the
    /// checks fell behind on.
    func routed(_ request: ServerRequest, answering deferred: DeferredResponse) -> ServerResponse? {
        guard routesOnWorker(request) else { return dispatch(request, route: route(request), answering: deferred, onWorker: false) }
        let submitted = checks.submit(bytes: max(request.body.count, checks.localLimit + 1)) { [self] in
            if let now = dispatch(request, route: route(request), answering: deferred, onWorker: true) { deferred.send(now) }
        }
        return submitted ? nil : dispatch(request, route: .unrouted, answering: deferred, onWorker: false)
    }

    /// A routed request sent on: judged first under --enforce (on this thread when `onWorker`),
    /// counted where its route is no endpoint's.
    private func dispatch(_ request: ServerRequest, route: ProxyRoute, answering deferred: DeferredResponse, onWorker: Bool)
        -> ServerResponse?
    {
        count(route, of: request)
        if options.enforce, case let .endpoint(endpoint, pathValues) = route {
            // --enforce must judge the request before it goes on; otherwise that waits with the
            // answer's check, off the connection's thread.
            return enforced(request, route: route, endpoint: endpoint, pathValues: pathValues, answering: deferred, onWorker: onWorker)
        }
        return forward(request, route: route, answering: deferred)
    }

    /// Counts an exchange whose route is no endpoint's; an endpoint's is counted with its check.
    func count(_ route: ProxyRoute, of request: ServerRequest) {
        switch route {
        case .undeclared: coverage.undeclared("\(request.method) \(request.path)")
        case .skipped: coverage.skipped()
        case .preflight: coverage.preflight()
        case .endpoint, .unrouted: break
        }
    }
}
