import Foundation
import Synchronization

/// The tokens an emulated server (the mock tier, `serve`) has issued and where each stands: one
/// store for access and refresh tokens, their lifetimes and what ended them, read as a
/// `TokenState` that `TokenLifecycle` turns into the promised answer.
///
/// Bounded: every entry (an access token with its lifetime and fate, a refresh token with the
/// access token it renews) is one record in one least-recently-used order, at most `capacity` of
/// them; a forgotten token is `neverIssued`, so it gets the dead-token answer and never comes back
/// to life, whatever else was forgotten with it. Tokens issued beforehand are pinned, never
/// forgotten. Every operation is O(1) amortised: a state is one lookup, a login revokes only its
/// account's own live tokens.
public final class TokenStore: Sendable {
    /// What a refresh token bought.
    public enum Renewal: Sendable, Equatable {
        /// New tokens for `account`; `replaced` is the access token the refresh token renewed.
        case renewed(account: String, replaced: String, accessToken: String, refreshToken: String?)
        /// Refused: the refresh token's state (spent, or never issued).
        case refused(TokenState)
    }

    struct Entry {
        var account: String
        var isRefreshToken: Bool
        /// `.issued`, `.issuedBeforehand`, or the state that ended it.
        var state: TokenState
        var deadline: ContinuousClock.Instant?
        /// An access token's refresh token; a refresh token's access token.
        var partner: String?
        var position: Int
        var pinned: Bool
    }

    struct State {
        var entries: [String: Entry] = [:]
        /// Each account's access tokens that still work.
        var live: [String: Set<String>] = [:]
        /// Tokens by last use from `head` on, with the place each was put at; places a token has
        /// since left are skipped.
        var order: [(token: String, position: Int)] = []
        var head = 0
        var placed = 0
        /// Entries that are pinned (issued beforehand), outside the capacity.
        var pinned = 0
    }

    /// Tokens remembered at most, besides the pinned ones.
    public let capacity: Int
    private let revokesEarlierTokens: Bool
    private let rotates: Bool
    private let now: @Sendable () -> ContinuousClock.Instant
    let state = Mutex(State())

    /// `revokesEarlierTokens` and `rotates` are the API's promises (`AuthPolicy`, `RefreshPolicy`).
    public init(
        revokesEarlierTokens: Bool, rotates: Bool = false, capacity: Int = 100_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.revokesEarlierTokens = revokesEarlierTokens
        self.rotates = rotates
        self.capacity = max(1, capacity)
        self.now = now
    }

    public convenience init(
        api: API, capacity: Int = 100_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.init(
            revokesEarlierTokens: api.auth.revokesEarlierTokens, rotates: api.auth.refresh?.rotates ?? false,
            capacity: capacity, now: now)
    }

    /// Tokens remembered now, access and refresh, working or not, pinned ones included.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Access tokens that work now.
    public var working: Int {
        let now = now()
        return state.withLock { $0.entries.values.count { !$0.isRefreshToken && Self.works($0, now: now) } }
    }

    /// A login: a fresh access token for `account` (and a refresh token with it when asked),
    /// revoking the account's earlier tokens where the API promises that. `token` names the
    /// access token instead of a random one (the mock tier's, shaped like its placeholder).
    public func issue(account: String, lifetime: Duration? = nil, withRefreshToken: Bool = false, token: String? = nil) -> (
        accessToken: String, refreshToken: String?
    ) {
        let access = token ?? "srv" + Self.randomHex()
        let refresh = withRefreshToken ? "rt" + Self.randomHex() : nil
        let deadline = lifetime.map { now() + $0 }
        state.withLock { state in
            if revokesEarlierTokens, let earlier = state.live.removeValue(forKey: account) {
                for old in earlier { state.entries[old]?.state = .revokedByLogin }
            }
            add(
                access,
                Entry(
                    account: account, isRefreshToken: false, state: .issued, deadline: deadline, partner: refresh,
                    position: 0, pinned: false), to: &state)
            if let refresh {
                add(
                    refresh,
                    Entry(
                        account: account, isRefreshToken: true, state: .issued, deadline: nil, partner: access,
                        position: 0, pinned: false), to: &state)
            }
        }
        return (access, refresh)
    }

    /// A token issued beforehand (an API key, Basic credentials): accepted until expired or
    /// logged out, and never forgotten.
    public func acceptBeforehand(_ token: String, account: String = "") {
        state.withLock { state in
            add(
                token,
                Entry(
                    account: account, isRefreshToken: false, state: .issuedBeforehand, deadline: nil, partner: nil,
                    position: 0, pinned: true), to: &state)
        }
    }

    /// Whether the store holds `token`, of any state, without touching its place among the
    /// forgettable: what a log asks before it shows a value.
    public func holds(_ token: String) -> Bool {
        state.withLock { $0.entries[token] != nil }
    }

    /// Where an access token stands: `missing` for none, `neverIssued` for one this store does
    /// not know (or forgot), `expired` once its lifetime has passed.
    public func state(of token: String?) -> TokenState {
        guard let token, !token.isEmpty else { return .missing }
        let now = now()
        return state.withLock { state in
            guard var entry = state.entries[token], !entry.isRefreshToken else { return .neverIssued }
            if entry.state == .issued, let deadline = entry.deadline, now >= deadline {
                entry.state = .expired
                state.entries[token] = entry
                Self.leave(token, entry, live: &state.live)
            }
            touch(token, &entry, in: &state)
            return entry.state
        }
    }

    /// Where a refresh token stands: `issued` while it renews, `spentRefreshToken` once used where
    /// refresh tokens rotate, `unknownRefreshToken` when never issued, forgotten, or its session
    /// logged out.
    public func state(ofRefreshToken token: String?) -> TokenState {
        guard let token, !token.isEmpty else { return .missing }
        return state.withLock { state in
            guard let entry = state.entries[token], entry.isRefreshToken else { return .unknownRefreshToken }
            return entry.state
        }
    }

    /// A refresh: the refresh token checked and spent in one step, so of two requests presenting
    /// a rotating one at once only one renews. The access token it renewed is refreshed away when
    /// `endsReplaced` (the API's promise for it is not `.accepted`).
    public func renew(with refreshToken: String, lifetime: Duration? = nil, endsReplaced: Bool) -> Renewal {
        let deadline = lifetime.map { now() + $0 }
        return state.withLock { state -> Renewal in
            guard let entry = state.entries[refreshToken], entry.isRefreshToken else { return .refused(.unknownRefreshToken) }
            guard entry.state == .issued else { return .refused(entry.state) }
            let replaced = entry.partner ?? ""
            if var old = state.entries[replaced] {
                // The refresh token now renews the new access token, not this one.
                old.partner = nil
                if endsReplaced, old.state == .issued {
                    old.state = .refreshedAway
                    Self.leave(replaced, old, live: &state.live)
                }
                state.entries[replaced] = old
            }
            let access = "srv" + Self.randomHex()
            var kept: String? = refreshToken
            if rotates {
                state.entries[refreshToken]?.state = .spentRefreshToken
                kept = "rt" + Self.randomHex()
            }
            add(
                access,
                Entry(
                    account: entry.account, isRefreshToken: false, state: .issued, deadline: deadline, partner: kept,
                    position: 0, pinned: false), to: &state)
            if let kept, rotates {
                add(
                    kept,
                    Entry(
                        account: entry.account, isRefreshToken: true, state: .issued, deadline: nil, partner: access,
                        position: 0, pinned: false), to: &state)
            } else {
                state.entries[refreshToken]?.partner = access
            }
            return .renewed(account: entry.account, replaced: replaced, accessToken: access, refreshToken: kept)
        }
    }

    /// A logout: the token is logged out, and its refresh token with it.
    public func logOut(_ token: String) {
        end(token, as: .loggedOut)
    }

    /// A forced logout: the token gets the revoked answer from now on.
    public func revoke(_ token: String) {
        end(token, as: .revokedByLogin)
    }

    /// Expires a working token now (`Prefer: expire-token`, the admin API); whether it was working.
    @discardableResult
    public func expire(_ token: String) -> Bool {
        let now = now()
        return state.withLock { state in
            guard let entry = state.entries[token], !entry.isRefreshToken, Self.works(entry, now: now) else { return false }
            Self.end(token, as: .expired, in: &state)
            return true
        }
    }

    /// Every working access token expired now; returns how many.
    public func expireAll() -> Int {
        let now = now()
        return state.withLock { state in
            let working = state.entries.filter { !$0.value.isRefreshToken && Self.works($0.value, now: now) }.map(\.key)
            for token in working { Self.end(token, as: .expired, in: &state) }
            return working.count
        }
    }

    /// Forgets every token issued since start; tokens issued beforehand work again.
    public func reset() {
        state.withLock { state in
            let pinned = state.entries.filter(\.value.pinned)
            state = State()
            for (token, var entry) in pinned {
                entry.state = .issuedBeforehand
                add(token, entry, to: &state)
            }
        }
    }

    /// 32 random hex digits: the body of every token an emulated server makes.
    public static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
