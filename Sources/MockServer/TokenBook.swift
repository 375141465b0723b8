import Foundation
import Synchronization

/// The tokens the server has issued: a login issues a fresh token and, when the API promises it
/// (`AuthPolicy.revokesEarlierTokens`, as the demo does), revokes the account's earlier ones; a
/// logout ends its token.
final class TokenBook: Sendable {
    enum Standing {
        case live
        /// Revoked by a later login of the same account: answered with the logout variant.
        case revoked
        /// Never issued, ended by a logout, or missing: answered with the expired variant.
        case unknown
    }

    private struct State {
        var live: [String: String] = [:]
        var revoked: Set<String> = []
    }

    private let state = Mutex(State())
    private let revokesEarlierTokens: Bool

    init(revokesEarlierTokens: Bool) {
        self.revokesEarlierTokens = revokesEarlierTokens
    }

    func issue(account: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = "srv" + (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        state.withLock { state in
            for (old, owner) in state.live where revokesEarlierTokens && owner == account {
                state.live[old] = nil
                state.revoked.insert(old)
            }
            state.live[token] = account
        }
        return token
    }

    func standing(of token: String?) -> Standing {
        guard let token, !token.isEmpty else { return .unknown }
        return state.withLock { state in
            if state.live[token] != nil { return .live }
            return state.revoked.contains(token) ? .revoked : .unknown
        }
    }

    /// The token is dead from now on (a logout, or a forced logout answered).
    func end(_ token: String) {
        state.withLock { state in
            if state.live.removeValue(forKey: token) != nil { state.revoked.remove(token) }
        }
    }

    /// Forced logout: answered as revoked from now on.
    func revoke(_ token: String) {
        state.withLock { state in
            if state.live.removeValue(forKey: token) != nil { state.revoked.insert(token) }
        }
    }

    func reset() {
        state.withLock { $0 = State() }
    }
}
