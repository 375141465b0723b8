import Foundation

/// Issued tokens and what became of them. A token is Weibo-like (`2.00` and fifteen letters or
/// digits) and comes from a counter through a mixer: unique per login, the same sequence every run.
///
/// Every operation is O(1) (amortised): a verdict is one dictionary lookup, a login revokes only
/// the account's live tokens (kept per account), and tokens past their lifetime are pruned in
/// issue order as new ones are issued. At most `capacity` tokens are remembered; past that the
/// least recently used are forgotten (a token in use moves to the back of the line, see `use`),
/// and a forgotten token is dead, as if it had expired. So a login flood costs a bounded amount
/// of memory, leaves lookups as fast as before, and does not log out a client that keeps using
/// its token.
struct TokenStore: Sendable {
    enum Verdict: Equatable {
        case valid(account: String)
        /// Revoked by a later login of the same account: the 10504 envelope.
        case revoked
        /// Missing, unknown, expired, forgotten or logged out: HTTP 403.
        case dead
    }

    private struct Issued: Sendable {
        var account: String
        var issuedAt: Date
        var revoked: Bool
        /// Its place in the line to be forgotten (`dropped` + its index in `order`); an earlier
        /// place of the same token left in `order` by `use` is passed over.
        var place: Int
    }

    /// Tokens remembered at most (revoked ones included, so that they answer 10504 for a while).
    let capacity: Int
    private var issued: [String: Issued] = [:]
    /// The tokens of each account that no later login revoked.
    private var live: [String: Set<String>] = [:]
    /// Tokens in the order they are to be forgotten from `head` on (issue order, a token in use
    /// moved to the back); entries already ended, forgotten or moved are skipped.
    private var order: [String] = []
    private var head = 0
    /// Entries cut off the front of `order` so far: a place minus this is an index in it.
    private var dropped = 0
    private var counter: UInt64 = 0

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }

    /// Tokens remembered now, live or revoked.
    var count: Int { issued.count }

    /// A fresh token for `account`; unless told otherwise, every earlier token of the account is
    /// revoked, which is how docs/demo-api.md signals a login on another device. Tokens older than
    /// `ttl` at `now` are pruned first.
    mutating func issue(for account: String, at now: Date, ttl: Double, revokeEarlier: Bool) -> String {
        prune(at: now, ttl: ttl)
        if revokeEarlier, let earlier = live.removeValue(forKey: account) {
            for token in earlier { issued[token]?.revoked = true }
        }
        var token: String
        repeat {
            counter += 1
            var generator = SplitMix64(seed: counter &* 0x2545_F491_4F6C_DD1D)
            token = "2.00" + String((0..<15).map { _ in Self.alphabet[Int(generator.next() % 62)] })
        } while issued[token] != nil
        issued[token] = Issued(account: account, issuedAt: now, revoked: false, place: dropped + order.count)
        live[account, default: []].insert(token)
        order.append(token)
        return token
    }

    /// A request was answered with `token`: it moves to the back of the line to be forgotten, if
    /// it is in the front half (so a token asked for often is moved at most once per half turn
    /// of the line, and each move is constant time).
    mutating func use(_ token: String) {
        guard let entry = issued[token], entry.place - dropped - head < (order.count - head) / 2 else { return }
        issued[token]?.place = dropped + order.count
        order.append(token)
    }

    /// Expiry wins over revocation: a token past its lifetime is dead whatever happened since.
    func verdict(for token: String?, at now: Date, ttl: Double) -> Verdict {
        guard let token, let entry = issued[token] else { return .dead }
        guard now.timeIntervalSince(entry.issuedAt) < ttl else { return .dead }
        return entry.revoked ? .revoked : .valid(account: entry.account)
    }

    /// Logout: the token is forgotten, so it is as dead as one never issued.
    mutating func end(_ token: String) {
        forget(token)
    }

    /// Forgets, oldest first, the tokens past their lifetime and those over `capacity` (leaving
    /// room for the one about to be issued).
    private mutating func prune(at now: Date, ttl: Double) {
        while head < order.count {
            let token = order[head]
            if let entry = issued[token], entry.place == dropped + head {
                if issued.count < capacity, now.timeIntervalSince(entry.issuedAt) < ttl { break }
                forget(token)
            }
            head += 1
        }
        // Drop the consumed prefix now and then, so `order` stays about as long as `issued`.
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            dropped += head
            head = 0
        }
    }

    private mutating func forget(_ token: String) {
        guard let entry = issued.removeValue(forKey: token) else { return }
        live[entry.account]?.remove(token)
        if live[entry.account]?.isEmpty == true { live[entry.account] = nil }
    }
}
