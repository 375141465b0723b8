import APICheck
import CurlClient
import Foundation
import HTTPServer
import MockServer

/// Moving an exchange across the proxy: the request to the upstream and the answer back, each
/// as it came but for the hop-by-hop headers, which belong to one connection and not the other.
extension ProxyCore {
    /// Headers of one connection (RFC 9110, 7.6.1), plus those the transports set themselves:
    /// libcurl writes `Host` and `Content-Length` for the upstream, libmicrohttpd `Content-Length`
    /// for the client.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length", ProxyOptions.skipHeader.lowercased(),
    ]

    /// The hop-by-hop names by length, indexed by it: a name of another length is end-to-end at
    /// the cost of reading its length, and one of a listed length is compared without
    /// lowercasing a copy of it, which every header of every exchange would otherwise cost.
    private static let hopByHopByLength: [[String]] = {
        var table = [[String]](repeating: [], count: (hopByHop.map(\.utf8.count).max() ?? 0) + 1)
        for name in hopByHop { table[name.utf8.count].append(name) }
        return table
    }()

    /// The names a `Connection` header lists are hop-by-hop too. `keep-alive`, what most of them
    /// say, is hop-by-hop already: read without making a list.
    static func connectionNames(_ headers: [(name: String, value: String)]) -> [String] {
        var names: [String] = []
        for header in headers where HeaderName.same(header.name, "connection") {
            if HeaderName.same(header.value, "keep-alive") { continue }
            for name in header.value.utf8.split(separator: UInt8(ascii: ",")) {
                // Optional white space is spaces and tabs (RFC 9110, 5.6.3).
                func isText(_ byte: UInt8) -> Bool { byte != 0x20 && byte != 0x09 }
                guard let first = name.firstIndex(where: isText), let last = name.lastIndex(where: isText) else { continue }
                names.append(String(Substring(name[first...last])))
            }
        }
        return names
    }

    static func endToEnd(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let listed = connectionNames(headers)
        var passed: [(name: String, value: String)] = []
        passed.reserveCapacity(headers.count)
        for header in headers {
            let length = header.name.utf8.count
            if length < hopByHopByLength.count, hopByHopByLength[length].contains(where: { HeaderName.same(header.name, $0) }) {
                continue
            }
            if !listed.contains(where: { HeaderName.same(header.name, $0) }) { passed.append(header) }
        }
        return passed
    }

    /// The request as the upstream gets it: method, path and query as sent, the end-to-end headers
    /// (an `Origin` or `Referer` naming the proxy names the upstream, as `Host` does), the body.
    func forwarded(_ request: ServerRequest) -> HTTPRequest {
        var target = upstreamOrigin
        target.reserveCapacity(target.utf8.count + request.rawPath.utf8.count + (request.rawQuery?.utf8.count ?? -1) + 1)
        // The path is already escaped as the client sent it; only the upstream's origin is prepended.
        target += request.rawPath
        if let query = request.rawQuery {
            target += "?"
            target += query
        }
        let url = URL(string: target) ?? options.upstream
        // A streamed body goes from its source, not from here.
        let hasBody =
            request.bodyStream == nil
            && (!request.body.isEmpty || request.method == "POST" || request.method == "PUT" || request.method == "PATCH")
        return HTTPRequest(
            method: HTTPMethod(rawValue: request.method), url: url,
            headers: origins.rewritten(Self.endToEnd(request.headers)) { clientOrigin(of: request) },
            body: hasBody ? request.body : nil)
    }

    /// The upstream's answer as the client gets it: status, end-to-end headers and body bytes as
    /// they came (a compressed body stays compressed), but for links to the upstream's origin in
    /// its headers (`UpstreamLinks`).
    func passedBack(_ response: HTTPResponse, to request: ServerRequest) -> ServerResponse {
        ServerResponse(
            status: response.status, headers: links.rewritten(Self.endToEnd(response.headers)) { clientOrigin(of: request) },
            body: response.body)
    }

    /// The proxy's origin as the client reached it, from its `Host`; nil without a usable one.
    func clientOrigin(of request: ServerRequest) -> String? {
        clientOrigin(host: request.header("Host"))
    }

    func clientOrigin(host: String?) -> String? {
        guard let host, !host.isEmpty, !host.utf8.contains(where: Self.notInHost) else {
            return nil
        }
        return (options.configuration.tls == nil ? "http://" : "https://") + host
    }

    /// Bytes that would make a `Host` more than a host and port (a path, a user, a quote).
    private static func notInHost(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: " "), UInt8(ascii: "\\"),
            UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"):
            true
        default:
            false
        }
    }

    func badGateway(_ error: any Error) -> ServerResponse {
        ServerResponse(
            status: 502, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Data("apicheck proxy: the upstream gave no answer: \(DisplayText.escaped(check.redactor.redact("\(error)")))\n".utf8))
    }

    func upstreamFinding(_ error: any Error, endpoint: AnyEndpoint) -> Finding {
        if let transport = error as? TransportError {
            return Finding(APIError(endpoint: endpoint.id, reason: .transport(transport)))
        }
        return Finding(kind: .transport, severity: .error, endpoint: endpoint.id, message: check.redactor.redact("\(error)"))
    }

    /// `--enforce`: the request judged before it goes on, and answered in the API's error shape
    /// when it breaks its declaration. A body whose check would hold the connection's loop (past
    /// what a loop checks itself, or compressed: a few KiB may decode to the check's cap) is
    /// judged on a check worker (here, when `onWorker`) and the request goes on from there, so
    /// that the loop's other clients do not wait for it. Past the checks' budget such a request
    /// goes on unjudged, its answer still judged, counted with the exchanges the checks fell
    /// behind on. Returns an answer given at once, or nil: the answer goes to `deferred`.
    func enforced(
        _ request: ServerRequest, route: ProxyRoute, endpoint: AnyEndpoint, pathValues: [(name: String, value: String)],
        answering deferred: DeferredResponse, onWorker: Bool
    ) -> ServerResponse? {
        let compressed = !request.body.isEmpty && request.header("Content-Encoding") != nil
        guard !onWorker, compressed || request.body.count > checks.localLimit else {
            if let refused = refusal(judging: request, endpoint: endpoint, pathValues: pathValues) { return refused }
            return forward(request, route: route, answering: deferred)
        }
        let submitted = checks.submit(bytes: max(request.body.count, checks.localLimit + 1)) { [self] in
            if let refused = refusal(judging: request, endpoint: endpoint, pathValues: pathValues) {
                deferred.send(refused)
            } else if let now = forward(request, route: route, answering: deferred) {
                deferred.send(now)
            }
        }
        return submitted ? nil : forward(request, route: route, answering: deferred)
    }

    /// The request's findings recorded, and the refusal its errors earn, if any.
    private func refusal(judging request: ServerRequest, endpoint: AnyEndpoint, pathValues: [(name: String, value: String)])
        -> ServerResponse?
    {
        let readable = RequestBodyDecoding.readable(request, cap: check.cap)
        let findings = check.request(readable, to: endpoint, pathValues: pathValues)
        // Noted here, since the answer's check leaves the request alone under --enforce.
        if !findings.isEmpty { record(findings, request: readable, response: nil) }
        // A body left unchecked (a coding the proxy does not read) is no violation.
        let errors = findings.filter { $0.severity == .error }
        guard !errors.isEmpty else { return nil }
        coverage.endpoint(endpoint.id, outcome: "refused")
        checked.add(1, ordering: .releasing)
        return refusal(for: endpoint, errors)
    }

    /// `--enforce`: a request that breaks its declaration is answered here, in the API's error shape.
    func refusal(for endpoint: AnyEndpoint, _ findings: [Finding]) -> ServerResponse {
        ProblemDocument(
            status: api.invalidRequestStatus, title: "Invalid request",
            detail: "\(endpoint.id): " + findings.map(\.message).joined(separator: "; "),
            extra: [("endpoint", .string(endpoint.id))]
        ).response(in: api.errors, for: endpoint)
    }

    /// `--enforce`: an answer that breaks its declaration is replaced by a 502 in the API's error shape.
    func violation(for endpoint: AnyEndpoint, _ findings: [Finding]) -> ServerResponse {
        ProblemDocument(
            status: 502, title: "Contract violation",
            detail: "\(endpoint.id): " + findings.map(\.summaryLine).joined(separator: "; "),
            extra: [("endpoint", .string(endpoint.id))]
        ).response(in: api.errors)
    }

    /// The exchange kept with a new finding: every credential the request carried is masked in
    /// it, with the API's secret fields, in whatever encoding the redactor knows; the answer's
    /// values at its endpoint's secret paths (`answer`) are masked in both bodies.
    func kept(
        _ request: ServerRequest, _ response: HTTPResponse?, answer: (body: Data, secrets: [String])? = nil
    ) -> GroupedFinding.KeptExchange {
        let redactor = Redactor(fieldNames: check.redactor.fieldNames, secrets: credentials(in: request) + (answer?.secrets ?? []))
        let limit = options.keptBodyBytes
        var path = request.path
        if let query = request.rawQuery { path += redactor.redact("?" + query) }
        var responseBody = answer.map { redactor.snippet(of: $0.body, limit: limit) }
        if responseBody == nil, let response, !response.body.isEmpty,
            case let .plain(body) = ContentDecoding.decode(response.body, encoding: response.header("Content-Encoding"), cap: check.cap)
        {
            responseBody = redactor.snippet(of: body, limit: limit)
        }
        return GroupedFinding.KeptExchange(
            method: request.method, path: DisplayText.escaped(path), status: response?.status,
            contentType: response?.contentType.map { DisplayText.escaped($0) },
            requestBody: request.body.isEmpty ? nil : redactor.snippet(of: request.body, limit: limit),
            responseBody: responseBody)
    }

    /// What a request carries that may be a credential: the whole of every credential header,
    /// its part after the scheme (and a Basic one's account and password), each cookie's value,
    /// and the token where the API places it.
    func credentials(in request: ServerRequest) -> [String] {
        var found: [String] = []
        for header in request.headers {
            let name = header.name.lowercased()
            if name == "authorization" || name == "proxy-authorization" {
                found.append(header.value)
                if let space = header.value.firstIndex(of: " ") {
                    let credential = String(header.value[header.value.index(after: space)...]).trimmingCharacters(in: .whitespaces)
                    found.append(credential)
                    if header.value.lowercased().hasPrefix("basic ") { found += AuthPolicy.basicSecrets(of: credential) }
                }
            } else if name == "cookie" {
                for pair in header.value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") { found.append(String(pair[pair.index(after: equals)...])) }
                }
            }
        }
        if let token = api.auth.placement.token(header: { request.header($0) }, query: { request.queryValue($0) }) {
            found.append(token)
        }
        return found.filter { $0.count >= 4 }
    }
}
