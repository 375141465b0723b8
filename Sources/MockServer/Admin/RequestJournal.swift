import APICheck
import Foundation
import Synchronization

/// The last requests the server answered, for the admin API: what a UI test reads to see what
/// the app asked and what it got. Secrets are masked before an entry is kept.
final class RequestJournal: Sendable {
    /// What a request asked and got. Shared, not copied, by every entry of a remembered answer
    /// (`AnswerMemo`): the entry of such a request is then a reference and two numbers.
    final class Exchange: Sendable {
        let method: String
        /// The path, percent-decoded.
        let path: String
        /// The query as sent; secrets are masked when the entry is shown.
        let query: [(name: String, value: String)]
        let endpoint: String?
        let scenario: String?
        let session: String?
        let status: Int
        let problems: [String]

        init(
            method: String, path: String, query: [(name: String, value: String)], endpoint: String?, scenario: String?,
            session: String?, status: Int, problems: [String]
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.endpoint = endpoint
            self.scenario = scenario
            self.session = session
            self.status = status
            self.problems = problems
        }
    }

    struct Entry: Sendable {
        var exchange: Exchange
        /// When the request arrived, on the clock its duration was measured with: the wall-clock
        /// time is worked out when the entry is shown, which spares every request a clock read.
        var arrived: ContinuousClock.Instant
        var milliseconds: Double

        var session: String? { exchange.session }

        /// The wall-clock time the request arrived, as far as the wall clock reads now.
        func time(now: Date = Date(), clock: ContinuousClock.Instant = .now) -> Date {
            now.addingTimeInterval(-Double((clock - arrived) / .nanoseconds(1)) / 1e9)
        }

        /// Path and query, secrets masked, unsafe characters escaped (`DisplayText`).
        func json(
            _ formatter: ISO8601DateFormatter, targets: TargetDisplay, now: Date = Date(),
            clock: ContinuousClock.Instant = .now
        ) -> JSONValue {
            let target = DisplayText.escaped(targets.masked(path: exchange.path, query: exchange.query))
            var members: [(key: String, value: JSONValue)] = [
                ("time", .string(formatter.string(from: time(now: now, clock: clock)))),
                ("method", .string(DisplayText.escaped(exchange.method))), ("path", .string(target)),
                ("endpoint", exchange.endpoint.map(JSONValue.string) ?? .null),
                ("scenario", exchange.scenario.map(JSONValue.string) ?? .null),
                ("status", .number(String(exchange.status))),
                ("problems", .array(exchange.problems.map { .string(DisplayText.escaped(targets.redactor.redact($0))) })),
                ("ms", .number(String(format: "%.2f", milliseconds))),
            ]
            if let session = exchange.session { members.append(("session", .string(DisplayText.escaped(session)))) }
            return .object(members)
        }
    }

    private struct Ring {
        var entries: [Entry] = []
        /// Where the next entry goes once the ring is full: the oldest one.
        var next = 0
    }

    private let capacity: Int
    private let ring = Mutex(Ring())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Constant time: a full journal overwrites its oldest entry in place.
    func append(_ entry: Entry) {
        guard capacity > 0 else { return }
        ring.withLock { ring in
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
                ring.next = (ring.next + 1) % capacity
            }
        }
    }

    /// Oldest first; only one session's when given.
    func all(session: String? = nil) -> [Entry] {
        let all = ring.withLock { Array($0.entries[$0.next...] + $0.entries[..<$0.next]) }
        guard let session else { return all }
        return all.filter { $0.session == session }
    }

    /// Forgets every entry, or only one session's.
    func clear(session: String? = nil) {
        ring.withLock { ring in
            guard let session else {
                ring = Ring()
                return
            }
            // Oldest first, so that the ring fills on from the end as before.
            ring = Ring(entries: Array(ring.entries[ring.next...] + ring.entries[..<ring.next]).filter { $0.session != session })
        }
    }
}
