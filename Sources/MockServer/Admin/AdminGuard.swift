import APICheck
import Foundation
import HTTPServer

/// Who may use the admin API. A web page on any origin can make a browser send simple requests
/// (a POST of text/plain, with no preflight) to 127.0.0.1, and a DNS-rebinding page can even
/// read the answers under its own host name. So:
/// - with `adminToken`, every admin request must carry it (`Authorization: Bearer TOKEN` or
///   `X-Apicheck-Admin-Token`);
/// - bound to loopback (any of 127.0.0.0/8, `localhost`, `::1`), the `Host` must name loopback
///   and the server's port: a rebound host name is refused;
/// - an `Origin`, when sent, must be the server's own (what the `Host` names);
/// - a write (POST, PUT) must be `application/json`, which no page sends cross-origin without a
///   preflight that the admin API never grants.
struct AdminGuard {
    let options: MockServerOptions
    let port: Int

    /// Whether an address or host name is loopback: `localhost`, `::1` (bracketed or not), or
    /// any IPv4 address of 127.0.0.0/8, written as four decimal numbers.
    static func isLoopback(_ name: String) -> Bool {
        let name = name.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) else {
            return false
        }
        return parts[0] == "127"
    }

    func refusal(of request: ServerRequest) -> ProblemDocument? {
        if let token = options.adminToken, !presents(token, request) {
            return ProblemDocument(
                status: 401, title: "Admin token required",
                detail: "this server's admin API needs its token: 'Authorization: Bearer TOKEN' or 'X-Apicheck-Admin-Token: TOKEN'")
        }
        let host = request.field("host")
        if Self.isLoopback(options.host), !isLoopback(host) {
            return ProblemDocument(
                status: 403, title: "Foreign host",
                detail: "the admin API of a server on loopback answers only Host 127.0.0.1:\(port) or localhost:\(port)")
        }
        if let origin = request.field("origin"), !isOwn(origin: origin, host: host) {
            return ProblemDocument(
                status: 403, title: "Foreign origin",
                detail: "the admin API answers no page of another origin (Origin \(DisplayText.escaped(origin)))")
        }
        if request.method == "POST" || request.method == "PUT", !isJSON(request.field("content-type")) {
            return ProblemDocument(
                status: 415, title: "JSON required",
                detail: "admin writes need 'Content-Type: application/json'")
        }
        return nil
    }

    private func presents(_ token: String, _ request: ServerRequest) -> Bool {
        let given =
            request.field("x-apicheck-admin-token")
            ?? request.field("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given else { return false }
        // Compared in time independent of where they differ.
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` (the port may be left out only for 80).
    private func isLoopback(_ host: String?) -> Bool {
        guard let host, let (name, hostPort) = Self.split(host.lowercased()) else { return false }
        return Self.isLoopback(name) && (hostPort ?? 80) == port
    }

    private func isOwn(origin: String, host: String?) -> Bool {
        guard let host, let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme),
            let name = url.host
        else { return false }
        let originHost = (name.contains(":") ? "[\(name)]" : name) + (url.port.map { ":\($0)" } ?? "")
        return originHost.lowercased() == host.lowercased()
    }

    private func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return type == "application/json" || type?.hasSuffix("+json") == true
    }

    /// `name` and port of a Host header (`[::1]:8080` → `[::1]`, 8080).
    private static func split(_ host: String) -> (String, Int?)? {
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            guard let port = Int(host[host.index(after: colon)...]) else { return nil }
            return (String(host[..<colon]), port)
        }
        return (host, nil)
    }
}
