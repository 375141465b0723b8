import APICheck
import Foundation
import HTTPServer

/// WebSocket upgrades (any `Upgrade` request) pass through as tunnels: the request goes to the
/// upstream as it came, its 101 back to the client, and from then on the bytes go both ways
/// unchecked, counted in the findings' `tunnels` and the report's coverage.
extension ProxyCore {
    /// The request asks to switch to WebSocket: `Upgrade: websocket`, named in its `Connection`
    /// header. Another protocol (`h2c`) is not tunnelled: its exchanges would pass unchecked, so
    /// the request goes on as an ordinary one, its `Upgrade` dropped as hop-by-hop.
    static func asksForUpgrade(_ request: ServerRequest) -> String? {
        guard let name = request.header("Upgrade"), name.trimmingCharacters(in: .whitespaces).lowercased() == "websocket",
            let connection = request.header("Connection"),
            connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" })
        else { return nil }
        return name
    }

    /// The request asks for server-sent events: a GET accepting `text/event-stream`.
    static func asksForEvents(_ request: ServerRequest) -> Bool {
        request.method == "GET" && (request.header("Accept")?.lowercased().contains("text/event-stream") ?? false)
    }

    /// `protocolName` nil: an event stream, whose answer is streamed to the client as it comes.
    func tunnel(_ request: ServerRequest, protocolName: String?) -> ServerResponse {
        let scheme = options.upstream.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", let host = options.upstream.host else {
            return Self.tunnelFailure("tunnels reach an http or https upstream only; this one is \(scheme)")
        }
        let address = request.clientAddress ?? "-"
        guard let id = tunnels.reserve(address, events: protocolName == nil) else {
            return ServerResponse(
                status: 503, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")],
                body: Data(
                    "apicheck proxy: too many tunnels open (\(tunnels.limits.total) in all, \(tunnels.limits.perAddress) per address)\n"
                        .utf8))
        }
        var target = request.rawPath
        if let query = request.rawQuery { target += "?" + query }
        let port = options.upstream.port ?? (scheme == "https" ? 443 : 80)
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: \(host)" + (options.upstream.port.map { ":\($0)" } ?? "") + "\r\n"
        for header in origins.rewritten(Self.endToEnd(request.headers), clientOrigin: { clientOrigin(of: request) }) {
            head += "\(header.name): \(header.value)\r\n"
        }
        // An event stream's connection is the stream's alone: closed after it, so its end is
        // the end of the body.
        head += protocolName.map { "Upgrade: \($0)\r\nConnection: Upgrade\r\n\r\n" } ?? "Connection: close\r\n\r\n"
        let deferred = DeferredResponse()
        let pump = tunnels
        deferred.whenAbandoned { pump.send(.drop(id: id)) }
        tunnels.send(
            .add(
                id: id, address: address, url: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)/", head: Array(head.utf8),
                protocolName: protocolName ?? "",
                deferred: deferred, events: protocolName == nil))
        return .deferred(deferred)
    }

    static func tunnelFailure(_ reason: String) -> ServerResponse {
        ServerResponse(
            status: 502, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Data("apicheck proxy: no tunnel: \(reason)\n".utf8))
    }
}
