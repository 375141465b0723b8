import APICheck
import Foundation
import Synchronization

/// The proxy's findings over its whole run, grouped (`GroupedFinding`) and bounded: at most
/// `limit` groups, past which new groups are counted, not kept, so memory stays flat over
/// millions of exchanges however many of them are wrong.
final class FindingBook: Sendable {
    private struct State {
        var groups: [GroupedFinding.Key: Int] = [:]
        var ordered: [GroupedFinding] = []
        /// Findings of groups not kept because the book was full.
        var dropped = 0
    }

    private let state = Mutex(State())
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds `finding`, seen now. Returns the group when it is new (the caller prints it once);
    /// `exchange` is asked for only then.
    func add(_ finding: Finding, rule: String = "", at time: Date, exchange: () -> GroupedFinding.KeptExchange?) -> GroupedFinding? {
        let key = GroupedFinding.Key(endpoint: finding.endpoint ?? "", kind: finding.kind, path: finding.path ?? "", rule: rule)
        let known = state.withLock { state -> Bool? in
            if let index = state.groups[key] {
                state.ordered[index].count += 1
                state.ordered[index].lastSeen = time
                return true
            }
            if state.ordered.count >= limit {
                state.dropped += 1
                return true
            }
            return nil
        }
        if known != nil { return nil }
        // Kept outside the lock: redacting bodies is the costly part, and only new groups pay it.
        let group = GroupedFinding(finding: finding, count: 1, firstSeen: time, lastSeen: time, exchange: exchange())
        return state.withLock { state -> GroupedFinding? in
            // Another exchange may have opened the same group meanwhile.
            if let index = state.groups[key] {
                state.ordered[index].count += 1
                state.ordered[index].lastSeen = time
                return nil
            }
            guard state.ordered.count < limit else {
                state.dropped += 1
                return nil
            }
            state.groups[key] = state.ordered.count
            state.ordered.append(group)
            return group
        }
    }

    /// The groups in the order they first appeared, and how many findings the cap dropped.
    var snapshot: (groups: [GroupedFinding], dropped: Int) {
        state.withLock { ($0.ordered, $0.dropped) }
    }
}
