import Foundation
import Synchronization

/// What the token book does not say: why a token stopped working (each reason gets the answer
/// the API promises for it), when an access token's lifetime ends, and the refresh tokens, each
/// paired with the access token it renews and, where refresh tokens rotate, good for one refresh.
///
/// Bounded as the token book is: at most `capacity` tokens are remembered, the oldest forgotten
/// first; a forgotten token gets the dead-token answer, as an unknown one does.
final class SessionLedger: Sendable {
    /// Why an access token no longer works.
    enum Fate: Equatable {
        case loggedOut
        /// A refresh issued its successor.
        case replaced
        /// Expired on request (`Prefer: expire-token`, the admin API), or its lifetime ended.
        case expired
    }

    enum Renewal: Equatable {
        /// The refresh token is good: the account and the access token it renews.
        case renews(account: String, accessToken: String)
        /// Never issued, forgotten, or already used where refresh tokens rotate.
        case refused
    }

    private struct Refresh {
        var account: String
        var accessToken: String
        var used: Bool
    }

    private struct State {
        var fates: [String: Fate] = [:]
        /// When access tokens with a lifetime die, by `now`.
        var deadlines: [String: ContinuousClock.Instant] = [:]
        var refreshTokens: [String: Refresh] = [:]
        /// Access tokens issued and not yet fated, for expiring them all at once.
        var live: Set<String> = []
        var order: [String] = []
        var head = 0
    }

    let capacity: Int
    private let rotates: Bool
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    init(rotates: Bool, capacity: Int = 100_000, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.rotates = rotates
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// A fresh refresh token for a login's or a refresh's access token.
    func issueRefreshToken(account: String, accessToken: String) -> String {
        let token = "rt" + Self.randomHex()
        state.withLock { state in
            state.refreshTokens[token] = Refresh(account: account, accessToken: accessToken, used: false)
            Self.remember(token, in: &state, capacity: capacity)
        }
        return token
    }

    /// An access token was issued: it can be expired from now on, and with a `lifetime` it
    /// expires by itself once that has passed.
    func issued(_ accessToken: String, lifetime: Duration? = nil) {
        let deadline = lifetime.map { now() + $0 }
        state.withLock { state in
            state.live.insert(accessToken)
            if let deadline { state.deadlines[accessToken] = deadline }
            Self.remember(accessToken, in: &state, capacity: capacity)
        }
    }

    /// Uses a refresh token, checked and spent under one lock: where tokens rotate, it is refused
    /// from now on, and of two requests presenting it at once only one renews.
    func renew(with refreshToken: String) -> Renewal {
        state.withLock { state in
            guard let refresh = state.refreshTokens[refreshToken], !refresh.used else { return .refused }
            if rotates { state.refreshTokens[refreshToken]?.used = true }
            return .renews(account: refresh.account, accessToken: refresh.accessToken)
        }
    }

    /// What a refresh token would buy, without spending it: what serve decides on (`renew`
    /// looks again when the answer is rendered).
    func renewal(of refreshToken: String) -> Renewal {
        state.withLock { state in
            guard let refresh = state.refreshTokens[refreshToken], !refresh.used else { return .refused }
            return .renews(account: refresh.account, accessToken: refresh.accessToken)
        }
    }

    /// After a non-rotating refresh, the refresh token renews the new access token.
    func repoint(_ refreshToken: String, to accessToken: String) {
        state.withLock { $0.refreshTokens[refreshToken]?.accessToken = accessToken }
    }

    func end(_ accessToken: String, as fate: Fate) {
        state.withLock { state in
            state.live.remove(accessToken)
            state.deadlines[accessToken] = nil
            state.fates[accessToken] = fate
        }
    }

    /// Every access token issued and still working, expired now: what the admin API does to
    /// drive an app's refresh path. Returns them.
    func expireAll() -> [String] {
        let now = now()
        return state.withLock { state in
            // One whose lifetime already ended was not working: it is not counted.
            let live = state.live.filter { state.deadlines[$0].map { now < $0 } ?? true }
            for token in state.live { state.fates[token] = .expired }
            state.live = []
            state.deadlines = [:]
            return Array(live)
        }
    }

    /// Why the token no longer works; nil while it does. A token whose lifetime has ended is
    /// `expired` from then on, as if expired on request at that moment.
    func fate(of accessToken: String) -> Fate? {
        state.withLock { state in
            if let fate = state.fates[accessToken] { return fate }
            // No lifetimes (the demo's tokens): no second hash on every request.
            guard !state.deadlines.isEmpty, let deadline = state.deadlines[accessToken], now() >= deadline else { return nil }
            return .expired
        }
    }

    func reset() {
        state.withLock { $0 = State() }
    }

    private static func remember(_ token: String, in state: inout State, capacity: Int) {
        state.order.append(token)
        while state.order.count - state.head > capacity {
            let oldest = state.order[state.head]
            state.fates[oldest] = nil
            state.deadlines[oldest] = nil
            state.refreshTokens[oldest] = nil
            state.live.remove(oldest)
            state.head += 1
        }
        if state.head > 1024, state.head * 2 > state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
    }

    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
