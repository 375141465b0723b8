import APICheck
import Foundation
import Synchronization

/// The last requests the server answered, for the admin API: what a UI test reads to see what
/// the app asked and what it got. Secrets are masked before an entry is kept.
final class RequestJournal: Sendable {
    struct Entry: Sendable {
        var time: Date
        var method: String
        /// The path, percent-decoded.
        var path: String
        /// The query as sent; secrets are masked when the entry is shown.
        var query: [(name: String, value: String)]
        var endpoint: String?
        var scenario: String?
        var session: String?
        var status: Int
        var problems: [String]
        var milliseconds: Double

        /// Path and query, secrets masked, unsafe characters escaped (`DisplayText`).
        func json(_ formatter: ISO8601DateFormatter, redactor: Redactor) -> JSONValue {
            let target = DisplayText.escaped(redactor.redact(MockServer.shown(MockServer.target(path: path, query: query))))
            var members: [(key: String, value: JSONValue)] = [
                ("time", .string(formatter.string(from: time))),
                ("method", .string(DisplayText.escaped(method))), ("path", .string(target)),
                ("endpoint", endpoint.map(JSONValue.string) ?? .null),
                ("scenario", scenario.map(JSONValue.string) ?? .null),
                ("status", .number(String(status))),
                ("problems", .array(problems.map { .string(DisplayText.escaped(redactor.redact($0))) })),
                ("ms", .number(String(format: "%.2f", milliseconds))),
            ]
            if let session { members.append(("session", .string(DisplayText.escaped(session)))) }
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
