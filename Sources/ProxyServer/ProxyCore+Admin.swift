import APICheck
import Foundation
import HTTPServer

/// The proxy's own routes under `/__apicheck/`, never forwarded: what it has found so far.
extension ProxyCore {
    func admin(_ request: ServerRequest) -> ServerResponse {
        switch (request.method, request.rawPath) {
        case ("GET", "/__apicheck/health"):
            return .json(Data(#"{"status":"ok"}"#.utf8))
        case ("GET", "/__apicheck/findings"):
            return .json(Data(findingsDocument.compactText.utf8))
        default:
            return ServerResponse(
                status: 404, headers: [("Content-Type", "text/plain")],
                body: Data("the proxy answers GET /__apicheck/health and GET /__apicheck/findings\n".utf8))
        }
    }

    /// The WebSocket tunnels: opened, open now, refused at a cap, closed idle, failed to reach the upstream.
    var tunnelCounts: JSONValue {
        let counts = tunnels.counts
        return .object([
            ("opened", .number(String(counts.opened))), ("open", .number(String(counts.open))),
            ("refused", .number(String(counts.refused))), ("idleClosed", .number(String(counts.idleClosed))),
            ("failed", .number(String(counts.failed))), ("eventStreams", .number(String(counts.eventStreams))),
        ])
    }

    /// Every group with its first exchange, and the coverage: what `GET /__apicheck/findings` answers.
    var findingsDocument: JSONValue {
        let (groups, dropped) = book.snapshot
        let coverage = coverage.snapshot
        let endpoints = api.endpoints.map { endpoint -> JSONValue in
            let count = coverage.endpoints[endpoint.id]
            return .object([
                ("endpoint", .string(endpoint.id)), ("exchanges", .number(String(count?.exchanges ?? 0))),
                ("outcomes", .object((count?.outcomes ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .number(String($0.value))) })),
            ])
        }
        // The counts first, as numbers: one literal of every member took the type checker too long.
        let counts: [(key: String, value: Int)] = [
            ("exchanges", coverage.exchanges), ("checked", checked.load(ordering: .acquiring)),
            ("skipped", coverage.skipped), ("preflights", coverage.preflights),
            ("upstreamFailures", coverage.upstreamFailures), ("abandoned", coverage.abandoned),
            ("uncheckedBehind", checks.droppedCount), ("uploadsRefused", uploads.refusedCount),
            ("uploadMemoryHeld", uploads.heldBytes), ("memoHits", memo?.hits ?? 0), ("pageStreamsNotKept", pages.droppedCount),
        ]
        return .object(
            counts.map { ($0.key, JSONValue.number(String($0.value))) } + [
                ("tunnels", tunnelCounts),
                ("findings", .array(groups.map(\.json))),
                ("findingsNotKept", .number(String(dropped))),
                ("coverage", .array(endpoints)),
                (
                    "undeclared",
                    .array(coverage.undeclared.map { .object([("route", .string($0.route)), ("exchanges", .number(String($0.count)))]) })
                ),
                ("undeclaredNotKept", .number(String(coverage.undeclaredDropped))),
            ])
    }
}
