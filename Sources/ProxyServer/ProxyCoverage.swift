import APICheck
import Foundation
import Synchronization

/// What the traffic reached: exchanges per declared endpoint and the outcomes they had
/// (`success`, `failure(404)`, `tokenExpired`…), the routes no endpoint declares (bounded), and
/// the exchanges the proxy did not check (opted out, tunnels, upstream failures).
final class ProxyCoverage: Sendable {
    struct EndpointCount: Sendable {
        var exchanges = 0
        var outcomes: [String: Int] = [:]
        /// Answers per HTTP status.
        var statuses: [Int: Int] = [:]
        /// The phase times of the latest answers, at most `timingsKept`: a proxy that runs for
        /// days keeps a window, not every exchange.
        var timings: [Timings] = []
        var nextTiming = 0
    }

    static let timingsKept = 512

    struct Snapshot: Sendable {
        var exchanges: Int
        var endpoints: [String: EndpointCount]
        var undeclared: [(route: String, count: Int)]
        var undeclaredDropped: Int
        var skipped: Int
        var preflights: Int
        var upstreamFailures: Int
        var abandoned: Int
    }

    private struct State {
        var exchanges = 0
        var endpoints: [String: EndpointCount] = [:]
        var undeclared: [String: Int] = [:]
        var undeclaredOrder: [String] = []
        var undeclaredDropped = 0
        var skipped = 0
        var preflights = 0
        var upstreamFailures = 0
        var abandoned = 0
    }

    private let state = Mutex(State())
    private let undeclaredLimit: Int

    init(undeclaredLimit: Int) {
        self.undeclaredLimit = undeclaredLimit
    }

    /// `status` and `timings` are the upstream's answer's, when there was one.
    func endpoint(_ id: String, outcome: String, status: Int? = nil, timings: Timings? = nil) {
        state.withLock { state in
            state.exchanges += 1
            // In place: a copy taken out of the dictionary would copy the whole timings window
            // (and the counts) on every exchange, the dictionary still holding the original.
            Self.count(outcome, status: status, timings: timings, into: &state.endpoints[id, default: EndpointCount()])
        }
    }

    private static func count(_ outcome: String, status: Int?, timings: Timings?, into count: inout EndpointCount) {
        count.exchanges += 1
        count.outcomes[outcome, default: 0] += 1
        if let status { count.statuses[status, default: 0] += 1 }
        if let timings {
            if count.timings.count < timingsKept {
                count.timings.append(timings)
            } else {
                count.timings[count.nextTiming] = timings
                count.nextTiming = (count.nextTiming + 1) % timingsKept
            }
        }
    }

    /// `route` is the method and the path as routed, query left out.
    func undeclared(_ route: String) {
        state.withLock { state in
            state.exchanges += 1
            if state.undeclared[route] != nil {
                state.undeclared[route]! += 1
            } else if state.undeclared.count < undeclaredLimit {
                state.undeclared[route] = 1
                state.undeclaredOrder.append(route)
            } else {
                state.undeclaredDropped += 1
            }
        }
    }

    func skipped() {
        state.withLock {
            $0.exchanges += 1
            $0.skipped += 1
        }
    }

    /// A browser's CORS preflight of a declared call, passed through unchecked.
    func preflight() {
        state.withLock {
            $0.exchanges += 1
            $0.preflights += 1
        }
    }

    /// The client left before the upstream answered; its upstream call was cancelled.
    func abandoned() {
        state.withLock { $0.abandoned += 1 }
    }

    func upstreamFailed() {
        state.withLock { $0.upstreamFailures += 1 }
    }

    var exchanges: Int { state.withLock { $0.exchanges } }

    var snapshot: Snapshot {
        state.withLock { state in
            Snapshot(
                exchanges: state.exchanges, endpoints: state.endpoints,
                undeclared: state.undeclaredOrder.map { ($0, state.undeclared[$0] ?? 0) },
                undeclaredDropped: state.undeclaredDropped, skipped: state.skipped, preflights: state.preflights,
                upstreamFailures: state.upstreamFailures,
                abandoned: state.abandoned)
        }
    }
}
