import Foundation
import Synchronization

extension TokenStore {
    func end(_ token: String, as ending: TokenState) {
        state.withLock { state in
            guard let entry = state.entries[token], !entry.isRefreshToken, entry.state == .issued || entry.state == .issuedBeforehand
            else { return }
            Self.end(token, as: ending, in: &state)
        }
    }

    static func works(_ entry: Entry, now: ContinuousClock.Instant) -> Bool {
        switch entry.state {
        case .issuedBeforehand: return true
        case .issued: return entry.deadline.map { now < $0 } ?? true
        default: return false
        }
    }

    /// Ends an access token. A session that ended (logged out, or revoked by a forced logout)
    /// takes its refresh token with it; an expired token keeps its refresh token, which is what
    /// renews it.
    static func end(_ token: String, as ending: TokenState, in state: inout State) {
        guard var entry = state.entries[token] else { return }
        entry.state = ending
        if let partner = entry.partner, state.entries[partner]?.isRefreshToken == true, ending == .loggedOut || ending == .revokedByLogin {
            state.entries[partner] = nil
            entry.partner = nil
        }
        state.entries[token] = entry
        leave(token, entry, live: &state.live)
    }

    static func leave(_ token: String, _ entry: Entry, live: inout [String: Set<String>]) {
        live[entry.account]?.remove(token)
        if live[entry.account]?.isEmpty == true { live[entry.account] = nil }
    }

    func add(_ token: String, _ entry: Entry, to state: inout State) {
        // Forget the least recently used until there is room (pinned tokens are not counted).
        while state.entries.count - state.pinned >= capacity, state.head < state.order.count {
            let oldest = state.order[state.head]
            if let found = state.entries[oldest.token], found.position == oldest.position, !found.pinned {
                state.entries[oldest.token] = nil
                Self.leave(oldest.token, found, live: &state.live)
            }
            state.head += 1
        }
        if state.head > 1024, state.head * 2 > state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
        var entry = entry
        if entry.pinned, state.entries[token]?.pinned != true { state.pinned += 1 }
        state.placed += 1
        entry.position = state.placed
        state.entries[token] = entry
        if !entry.isRefreshToken, entry.state == .issued || entry.state == .issuedBeforehand {
            state.live[entry.account, default: []].insert(token)
        }
        if !entry.pinned { state.order.append((token, state.placed)) }
    }

    /// A token in use moves to the young end, at most once per half a capacity of placements:
    /// `order` stays within about twice the tokens remembered.
    func touch(_ token: String, _ entry: inout Entry, in state: inout State) {
        guard !entry.pinned, state.placed - entry.position > capacity / 2 else { return }
        state.placed += 1
        entry.position = state.placed
        state.entries[token] = entry
        state.order.append((token, state.placed))
        if let partner = entry.partner, var renewing = state.entries[partner], !renewing.pinned {
            // A session in use keeps its refresh token too.
            state.placed += 1
            renewing.position = state.placed
            state.entries[partner] = renewing
            state.order.append((partner, state.placed))
        }
    }
}
