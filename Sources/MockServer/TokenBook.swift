import Foundation
import Synchronization

/// The tokens the server has issued: a login issues a fresh token and, when the API promises it
/// (`AuthPolicy.revokesEarlierTokens`, as the demo does), revokes the account's earlier ones; a
/// logout ends its token.
///
/// Every operation is O(1) (amortised): a standing is one dictionary lookup, a login revokes only
/// the account's own live tokens (kept per account), and at most `capacity` tokens are
/// remembered, the least recently used forgotten first. A forgotten token is unknown, as if it
/// had expired; so a login flood with a new account per request costs bounded memory, leaves
/// lookups as fast as before, and does not push out a token that a client keeps using.
final class TokenBook: Sendable {
    enum Standing {
        case live
        /// Revoked by a later login of the same account: answered with the logout variant.
        case revoked
        /// Never issued, ended by a logout, forgotten, or missing: answered with the expired variant.
        case unknown
    }

    private struct Issued {
        var account: String
        var revoked: Bool
        /// Its latest place in `order`; older places of the same token are skipped.
        var position: Int
    }

    private struct State {
        var issued: [String: Issued] = [:]
        /// Each account's tokens that no later login revoked.
        var live: [String: Set<String>] = [:]
        /// Tokens by last use from `head` on (issue, or a use long after it), with the place each
        /// was put at; those already ended or put again later are skipped.
        var order: [(token: String, position: Int)] = []
        var head = 0
        var placed = 0
    }

    /// Tokens remembered at most, live or revoked.
    let capacity: Int
    private let state = Mutex(State())
    private let revokesEarlierTokens: Bool

    init(revokesEarlierTokens: Bool = true, capacity: Int = 100_000) {
        self.revokesEarlierTokens = revokesEarlierTokens
        self.capacity = max(1, capacity)
    }

    /// Tokens remembered now.
    var count: Int { state.withLock { $0.issued.count } }

    func issue(account: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = "srv" + (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        state.withLock { state in
            if revokesEarlierTokens, let earlier = state.live.removeValue(forKey: account) {
                for old in earlier { state.issued[old]?.revoked = true }
            }
            // Forget the least recently used until there is room for this one.
            while state.issued.count >= capacity, state.head < state.order.count {
                let oldest = state.order[state.head]
                if state.issued[oldest.token]?.position == oldest.position { Self.forget(oldest.token, in: &state) }
                state.head += 1
            }
            if state.head > 1024, state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.placed += 1
            state.issued[token] = Issued(account: account, revoked: false, position: state.placed)
            state.live[account, default: []].insert(token)
            state.order.append((token, state.placed))
        }
        return token
    }

    func standing(of token: String?) -> Standing {
        guard let token, !token.isEmpty else { return .unknown }
        return state.withLock { state in
            guard let issued = state.issued[token] else { return .unknown }
            // A token in use moves to the young end, at most once per half a capacity of
            // placements: `order` stays within about twice the tokens remembered.
            if state.placed - issued.position > capacity / 2 {
                state.placed += 1
                state.issued[token]?.position = state.placed
                state.order.append((token, state.placed))
            }
            return issued.revoked ? .revoked : .live
        }
    }

    /// The token is dead from now on (a logout).
    func end(_ token: String) {
        state.withLock { Self.forget(token, in: &$0) }
    }

    /// Forced logout: answered as revoked from now on.
    func revoke(_ token: String) {
        state.withLock { state in
            guard let issued = state.issued[token], !issued.revoked else { return }
            state.issued[token]?.revoked = true
            state.live[issued.account]?.remove(token)
            if state.live[issued.account]?.isEmpty == true { state.live[issued.account] = nil }
        }
    }

    func reset() {
        state.withLock { $0 = State() }
    }

    private static func forget(_ token: String, in state: inout State) {
        guard let issued = state.issued.removeValue(forKey: token) else { return }
        state.live[issued.account]?.remove(token)
        if state.live[issued.account]?.isEmpty == true { state.live[issued.account] = nil }
    }
}
