import APICheck
import Dispatch
import Foundation
import HTTPServer

extension MockServer {
    /// One request: admin, CORS preflight, or a declared route; then journal and log.
    func handle(_ request: ServerRequest) -> ServerResponse {
        let began = DispatchTime.now().uptimeNanoseconds
        var record = ServedRecord()
        var response = answer(request, record: &record)
        if options.cors {
            response.headers += [("Access-Control-Allow-Origin", request.field("origin") ?? "*"),
                                 ("Access-Control-Expose-Headers", "X-Apicheck-Endpoint, X-Apicheck-Scenario")]
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000
        let session = request.field("x-apicheck-session")
        let status = response.ending == nil ? response.status : 0
        if !request.path.hasPrefix(Self.adminPrefix) {
            journal.append(RequestJournal.Entry(
                time: Date(), method: request.method, path: request.path, query: request.query, endpoint: record.endpoint,
                scenario: record.scenario, session: session, status: status, problems: record.problems,
                milliseconds: milliseconds))
        }
        if let log = options.log {
            let ended = response.ending.map { "\($0)" } ?? String(response.status)
            let line = [request.method, Self.printable(redactor.redact(Self.target(of: request))), "->", ended,
                        record.endpoint ?? "-", record.scenario ?? "-", Self.tenths(milliseconds) + " ms"]
            log(line.joined(separator: " ") + (response.delay > 0 ? " (+\(Int(response.delay * 1000)) ms delay)" : ""))
        }
        return response
    }

    /// `/__apicheck`: worked out once, not on every request (cutting a String's last character
    /// walks its graphemes).
    private static let adminRoot = String(adminPrefix.dropLast())

    private func answer(_ request: ServerRequest, record: inout ServedRecord) -> ServerResponse {
        if request.path.hasPrefix(Self.adminPrefix) || request.path == Self.adminRoot {
            return admin(request)
        }
        if options.cors, request.method == "OPTIONS" {
            return ServerResponse(status: 204, headers: [
                ("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"),
                ("Access-Control-Allow-Headers", request.field("access-control-request-headers") ?? "*"),
                ("Access-Control-Max-Age", "600"),
            ])
        }
        // Routed on the path as sent: an encoded `/` inside a value must not split its segment.
        guard request.rawPath.hasPrefix(basePath) else {
            return notFound(request, relative: Substring(request.rawPath), note: "routes sit under \(basePath)", record: &record)
        }
        let relative = request.rawPath.dropFirst(basePath.count)
        switch routes.match(method: request.method, path: relative, meets: { $0.isMet(by: request) }) {
        case let .notFound(note):
            return notFound(request, relative: relative, note: note, record: &record)
        case let .wrongMethod(allowed):
            record.problems = ["method \(request.method) not allowed"]
            return ProblemDocument.wrongMethod(method: request.method, path: request.path, allowed: allowed).response(in: api.errors)
        case let .found(endpoint, pathValues):
            record.endpoint = endpoint.id
            return serve(endpoint, request: request, pathValues: pathValues, record: &record)
        }
    }

    private func notFound(_ request: ServerRequest, relative: Substring, note: String?, record: inout ServedRecord) -> ServerResponse {
        let closest = RouteSuggestions.closest(to: relative, method: request.method, in: api.endpoints)
            .map { "\($0.method) \(basePath)\($0.path) (\($0.id))" }
        record.problems = [note ?? "no such route"]
        return ProblemDocument.notFound(method: request.method, path: Self.printable(request.path), note: note, closest: closest).response(in: api.errors)
    }

    /// `12.3`: one decimal without `String(format:)`, which went through NSString and cost
    /// more than the rest of the log line.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Path and query as sent (percent-decoded by the server), secrets not yet masked.
    static func target(of request: ServerRequest) -> String { target(path: request.path, query: request.query) }

    static func target(path: String, query: [(name: String, value: String)]) -> String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// Control characters escaped: a request's path never reaches a terminal raw.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }) else {
            return text
        }
        return String(text.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                ? String(format: "\\x%02X", scalar.value) : String(scalar)
        }.joined())
    }
}
