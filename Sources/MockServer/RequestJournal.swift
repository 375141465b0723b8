import APICheck
import Foundation
import Synchronization

/// The last requests the server answered, for the admin API: what a UI test reads to see what
/// the app asked and what it got. Secrets are masked before an entry is kept.
final class RequestJournal: Sendable {
    struct Entry: Sendable {
        var time: Date
        var method: String
        /// Path and query, secrets masked.
        var target: String
        var endpoint: String?
        var scenario: String?
        var session: String?
        var status: Int
        var problems: [String]
        var milliseconds: Double

        func json(_ formatter: ISO8601DateFormatter) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("time", .string(formatter.string(from: time))),
                ("method", .string(method)), ("path", .string(target)),
                ("endpoint", endpoint.map(JSONValue.string) ?? .null),
                ("scenario", scenario.map(JSONValue.string) ?? .null),
                ("status", .number(String(status))),
                ("problems", .array(problems.map(JSONValue.string))),
                ("ms", .number(String(format: "%.2f", milliseconds))),
            ]
            if let session { members.append(("session", .string(session))) }
            return .object(members)
        }
    }

    private let capacity: Int
    private let entries = Mutex<[Entry]>([])

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func append(_ entry: Entry) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeFirst(entries.count - capacity + 1) }
            entries.append(entry)
        }
    }

    /// Oldest first; only one session's when given.
    func all(session: String? = nil) -> [Entry] {
        let all = entries.withLock { $0 }
        guard let session else { return all }
        return all.filter { $0.session == session }
    }

    func clear() {
        entries.withLock { $0 = [] }
    }
}
