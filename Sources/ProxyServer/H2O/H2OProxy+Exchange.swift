import APICheck
import CH2O
import CurlClient
import Foundation
import HTTPServer
import MockServer

/// An exchange as the h2o engine's hooks see it, on its loop's thread: the proxy's own routes
/// answered, the opt-out header taken off, the answer's copy judged once it has gone out.
extension H2OProxy {
    /// What an exchange's hooks carry from the answer's start to its end.
    final class Exchange {
        let request: ServerRequest
        /// nil: routed on a check worker when the answer is judged (`ProxyCore.routesOnWorker`).
        let route: ProxyRoute?
        /// The answer's headers as the upstream sent them (what the checks read), before links
        /// in them were pointed at the proxy.
        let headers: [(name: String, value: String)]
        /// A server-sent event stream: passed through as a tunnel, unchecked.
        let eventStream: Bool
        /// Whether the check reads the answer's body: a declared route's, or one not routed yet,
        /// not a stream's.
        var copied: Bool {
            switch route {
            case .endpoint?, nil: !eventStream
            default: false
            }
        }
        /// Bytes of the copy booked against the checks' budget while the answer goes on.
        var booked = 0
        /// The budget had no room for the copy: the exchange goes unchecked, counted.
        var refused = false

        init(
            request: ServerRequest, route: ProxyRoute?, headers: [(name: String, value: String)], eventStream: Bool
        ) {
            self.request = request
            self.route = route
            self.headers = headers
            self.eventStream = eventStream
        }
    }

    /// The request variable marking an exchange the client opted out of.
    private static let skipMark = "apicheck-skip"
    /// The request variable marking a WebSocket upgrade: a tunnel, whatever the upstream answers.
    private static let tunnelMark = "apicheck-tunnel"
    private static let adminPrefix = "/__apicheck/"

    /// Before the request goes on: 0 when answered here, -1 to forward it.
    func request(_ req: UnsafeMutablePointer<h2o_req_t>) -> Int32 {
        let target = Self.text(req.pointee.input.path)
        if target.hasPrefix(Self.adminPrefix) {
            answer(req, with: core.admin(Self.serverRequest(req, target: target, withBody: false)))
            return 0
        }
        // The upstream never sees the opt-out: the header is taken off and the exchange marked.
        if Self.remove(Self.skipHeaderName, from: req) {
            ch2o_env(req, Self.skipMark, 1).pointee = h2o_iovec_t(base: Self.mark, len: 1)
        }
        // h2o drops the hop-by-hop headers it knows; those the client's `Connection` names, and
        // `Proxy-Connection`, are this hop's too.
        if h2o_find_header_by_str(&req.pointee.headers, "connection", 10, -1) >= 0 {
            for name in ProxyCore.connectionNames(Self.headers(req.pointee.headers)) { _ = Self.remove(name.lowercased(), from: req) }
        }
        _ = Self.remove("proxy-connection", from: req)
        pointOriginsAtUpstream(req)
        // A WebSocket upgrade passes through h2o's own tunnel, counted, and is never judged: a
        // refused one's answer goes back as it came, as on the standard engine.
        if Self.text(req.pointee.upgrade).lowercased() == "websocket" {
            core.tunnels.passedElsewhere(events: false)
            ch2o_env(req, Self.tunnelMark, 1).pointee = h2o_iovec_t(base: Self.mark, len: 1)
            return 1
        }
        return -1
    }

    /// Takes every header of this (lowercase) name off the request; whether there was one.
    private static func remove(_ name: String, from req: UnsafeMutablePointer<h2o_req_t>) -> Bool {
        var removed = false
        while case let index = name.withCString({ h2o_find_header_by_str(&req.pointee.headers, $0, name.utf8.count, -1) }), index >= 0 {
            _ = h2o_delete_header(&req.pointee.headers, index)
            removed = true
        }
        return removed
    }

    /// When the answer starts: the exchange routed, and its answer's body copied when a check reads it.
    func copies(_ req: UnsafeMutablePointer<h2o_req_t>, _ exchange: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int {
        let target = Self.text(req.pointee.input.path)
        guard !target.hasPrefix(Self.adminPrefix), ch2o_env(req, Self.tunnelMark, 0) == nil else { return 0 }
        var request = Self.serverRequest(req, target: target, withBody: true)
        if ch2o_env(req, Self.skipMark, 0) != nil { request.headers.append((ProxyOptions.skipHeader, "")) }
        let route = core.routesOnWorker(request) ? nil : core.route(request)
        let eventStream = Self.isEventStream(req)
        if eventStream { core.tunnels.passedElsewhere(events: true) }
        let headers = Self.headers(req.pointee.res.headers)
        pointLinksAtProxy(req, headers: headers, request: request)
        let made = Exchange(request: request, route: route, headers: headers, eventStream: eventStream)
        exchange.pointee = Unmanaged.passRetained(made).toOpaque()
        // A copy the whole budget of waiting checks could not hold is never made.
        return made.copied ? min(core.check.cap, core.checks.budget) : 0
    }

    /// Links to the upstream's origin in the answer's headers (a page's `Link`, a `Location`
    /// h2o left alone) point at the proxy as the client reached it, as the standard engine's do
    /// (`UpstreamLinks`): changed in h2o's answer before its head goes out.
    private func pointLinksAtProxy(
        _ req: UnsafeMutablePointer<h2o_req_t>, headers: [(name: String, value: String)], request: ServerRequest
    ) {
        let rewritten = core.links.rewritten(headers) { core.clientOrigin(of: request) }
        for index in headers.indices where rewritten[index].value != headers[index].value {
            let value = rewritten[index].value
            req.pointee.res.headers.entries[index].value = h2o_strdup(&req.pointee.pool, value, value.utf8.count)
        }
    }

    /// An `Origin` or `Referer` naming the proxy names the upstream, as the standard engine's do
    /// (`OriginHeaders`); h2o gives the upstream its own `Host` already.
    private func pointOriginsAtUpstream(_ req: UnsafeMutablePointer<h2o_req_t>) {
        guard
            h2o_find_header_by_str(&req.pointee.headers, "origin", 6, -1) >= 0
                || h2o_find_header_by_str(&req.pointee.headers, "referer", 7, -1) >= 0
        else { return }
        let headers = Self.headers(req.pointee.headers)
        let rewritten = core.origins.rewritten(headers) { core.clientOrigin(host: Self.text(req.pointee.input.authority)) }
        for index in headers.indices where rewritten[index].value != headers[index].value {
            let value = rewritten[index].value
            req.pointee.headers.entries[index].value = h2o_strdup(&req.pointee.pool, value, value.utf8.count)
        }
    }

    /// The copy grows: booked against the checks' budget, as the standard engine books a streamed
    /// answer's copy, so that many large answers at once cannot copy past it.
    func reserve(_ exchange: UnsafeMutableRawPointer?, bytes: Int) -> Bool {
        guard let exchange else { return false }
        let taken = Unmanaged<Exchange>.fromOpaque(exchange).takeUnretainedValue()
        guard core.checks.reserve(bytes: bytes) else {
            taken.refused = true
            return false
        }
        taken.booked += bytes
        return true
    }

    /// The answer has gone out (`req` nil: the client left first): its copy is judged.
    func answered(
        _ req: UnsafeMutablePointer<h2o_req_t>?, exchange: UnsafeMutableRawPointer?, body: UnsafePointer<CChar>?, length: Int,
        broken: Bool
    ) {
        let taken = exchange.map { Unmanaged<Exchange>.fromOpaque($0).takeRetainedValue() }
        if let taken, taken.booked > 0 { core.checks.release(bytes: taken.booked) }
        // An event stream ends when either side leaves: counted as a tunnel when it started.
        if taken?.eventStream == true {
            core.checked.add(1, ordering: .releasing)
            return
        }
        guard let req else {
            // The client left before its answer was whole: nothing reached it whole, nothing is judged.
            core.coverage.abandoned()
            core.checked.add(1, ordering: .releasing)
            return
        }
        // The proxy's own answers (`/__apicheck/`) and a refused upgrade's are no exchange.
        guard let taken else { return }
        let request = taken.request
        let route = taken.route
        if let route { core.count(route, of: request) }
        if let failure = Self.upstreamFailure(req) ?? (broken ? "the upstream's answer broke off" : nil) {
            core.coverage.upstreamFailed()
            core.judge(request, route: route, outcome: .failed(Self.transportError(failure)), deferred: nil)
            return
        }
        var response = HTTPResponse(
            status: Int(req.pointee.res.status), headers: taken.headers,
            timings: Timings(total: Self.secondsSince(req.pointee.timestamps.request_begin_at)))
        if taken.copied {
            guard let body else {
                if length > core.check.cap, !taken.refused {
                    return core.passedUnchecked(request, route: route ?? .unrouted, response: response, length: length)
                }
                // Counted with the exchanges the checks fell behind on (`uncheckedBehind`), once.
                if !taken.refused { core.checks.countDropped() }
                core.checked.add(1, ordering: .releasing)
                return
            }
            response.body = Data(bytes: body, count: length)
        }
        core.judge(request, route: route, outcome: .answered(response, ServerResponse()), deferred: nil)
    }

    // MARK: Reading h2o's request

    private static let skipHeaderName = ProxyOptions.skipHeader.lowercased()
    nonisolated(unsafe) private static let mark: UnsafeMutablePointer<CChar> = strdup("1")

    static func text(_ bytes: h2o_iovec_t) -> String {
        guard let base = bytes.base, bytes.len > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base, count: bytes.len), as: UTF8.self)
    }

    static func serverRequest(_ req: UnsafeMutablePointer<h2o_req_t>, target: String, withBody: Bool) -> ServerRequest {
        let question = target.utf8.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = question.map { String(target[..<$0]) } ?? target
        let rawQuery = question.map { String(target[target.index(after: $0)...]) }
        // h2o keeps the `Host` a client sent as the request's authority, out of its header list.
        var sent = headers(req.pointee.headers)
        if req.pointee.input.authority.len > 0, !sent.contains(where: { HeaderName.same($0.name, "host") }) {
            sent.insert(("Host", text(req.pointee.input.authority)), at: 0)
        }
        var request = ServerRequest(
            method: text(req.pointee.input.method), path: PercentDecoding.decode(rawPath), rawPath: rawPath,
            query: rawQuery.map(PercentDecoding.queryPairs) ?? [], headers: sent)
        request.rawQuery = rawQuery
        if withBody, let base = req.pointee.entity.base {
            request.body = Data(bytes: base, count: req.pointee.entity.len)
        }
        return request
    }

    /// Header fields in order, each name as it was sent (h2o keeps a lowercase one beside it).
    static func headers(_ list: h2o_headers_t) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(list.size)
        for index in 0..<list.size {
            let header = list.entries[index]
            let name = header.orig_name.map { String(cString: $0) } ?? text(header.name.pointee)
            headers.append((name, text(header.value)))
        }
        return headers
    }

    /// From the request's first byte to its answer's last, as the standard engine's upstream
    /// call is timed from its start (h2o's timestamps are its loop's, taken once per turn).
    private static func secondsSince(_ start: timeval) -> Double {
        var now = timeval()
        gettimeofday(&now, nil)
        return max(0, Double(now.tv_sec - start.tv_sec) + Double(now.tv_usec - start.tv_usec) / 1e6)
    }

    private static func isEventStream(_ req: UnsafeMutablePointer<h2o_req_t>) -> Bool {
        let index = h2o_find_header_by_str(&req.pointee.res.headers, "content-type", 12, -1)
        guard index >= 0 else { return false }
        return text(req.pointee.res.headers.entries[index].value).lowercased().hasPrefix("text/event-stream")
    }

    /// h2o's own account of an upstream that gave no answer, when it answered 502 for it.
    private static func upstreamFailure(_ req: UnsafeMutablePointer<h2o_req_t>) -> String? {
        let logs = req.pointee.error_logs
        for index in 0..<logs.size {
            let log = logs.entries[index]
            if let module = log.module, strcmp(module, "lib/core/proxy.c") == 0 { return text(log.msg) }
        }
        return nil
    }

    /// h2o's words for an upstream that failed (its own, or OpenSSL's for a certificate it
    /// refused), as the kinds the findings tell apart.
    static func transportError(_ message: String) -> TransportError {
        let lower = message.lowercased()
        let text = "h2o: " + message
        if lower.hasPrefix("connection fail") { return TransportError(.refused, text) }
        if lower.contains("timeout") { return TransportError(.timeout, text) }
        if lower.contains("name or service") || lower.contains("resolve") { return TransportError(.dns, text) }
        let failure: TLSFailure? =
            if lower.contains("mismatch") { .hostName } else if lower.contains("expired") || lower.contains("not yet valid") {
                .expired
            } else if lower.contains("issuer") || lower.contains("self-signed") || lower.contains("self signed")
                || lower.contains("untrusted")
            {
                .untrusted
            } else if lower.contains("certificate") || lower.contains("ssl") || lower.contains("handshake") { .handshake } else { nil }
        if let failure { return TransportError(.tls, text, tlsFailure: failure) }
        return TransportError(.other, text)
    }

    // MARK: Answering

    nonisolated(unsafe) private static let reasons: [Int: UnsafeMutablePointer<CChar>] = [200: strdup("OK"), 404: strdup("Not Found")]

    private func answer(_ req: UnsafeMutablePointer<h2o_req_t>, with response: ServerResponse) {
        req.pointee.res.status = Int32(response.status)
        req.pointee.res.reason = UnsafePointer(Self.reasons[response.status] ?? Self.reasons[200]!)
        for (name, value) in response.headers {
            let lower = h2o_strdup(&req.pointee.pool, name.lowercased(), name.utf8.count)
            let copied = h2o_strdup(&req.pointee.pool, value, value.utf8.count)
            h2o_add_header_by_str(&req.pointee.pool, &req.pointee.res.headers, lower.base, lower.len, 1, nil, copied.base, copied.len)
        }
        req.pointee.res.content_length = response.body.count
        response.body.withUnsafeBytes { body in
            h2o_send_inline(req, body.baseAddress?.assumingMemoryBound(to: CChar.self), body.count)
        }
    }
}
