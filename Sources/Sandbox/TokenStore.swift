import Foundation

/// Issued tokens and what became of them. A token is Weibo-like (`2.00` and fifteen letters or
/// digits) and comes from a counter through a mixer: unique per login, the same sequence every run.
struct TokenStore: Sendable {
    enum Verdict: Equatable {
        case valid(account: String)
        /// Revoked by a later login of the same account: the 10504 envelope.
        case revoked
        /// Missing, unknown, expired or logged out: HTTP 403.
        case dead
    }

    private struct Issued: Sendable {
        var account: String
        var issuedAt: Date
        var revoked: Bool
    }

    private var issued: [String: Issued] = [:]
    private var counter: UInt64 = 0

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// A fresh token for `account`; unless told otherwise, every earlier token of the account is
    /// revoked, which is how docs/demo-api.md signals a login on another device.
    mutating func issue(for account: String, at now: Date, revokeEarlier: Bool) -> String {
        if revokeEarlier {
            for (token, entry) in issued where entry.account == account {
                issued[token]?.revoked = true
            }
        }
        var token: String
        repeat {
            counter += 1
            var generator = SplitMix64(seed: counter &* 0x2545_F491_4F6C_DD1D)
            token = "2.00" + String((0..<15).map { _ in Self.alphabet[Int(generator.next() % 62)] })
        } while issued[token] != nil
        issued[token] = Issued(account: account, issuedAt: now, revoked: false)
        return token
    }

    /// Expiry wins over revocation: a token past its lifetime is dead whatever happened since.
    func verdict(for token: String?, at now: Date, ttl: Double) -> Verdict {
        guard let token, let entry = issued[token] else { return .dead }
        guard now.timeIntervalSince(entry.issuedAt) < ttl else { return .dead }
        return entry.revoked ? .revoked : .valid(account: entry.account)
    }

    /// Logout: the token is forgotten, so it is as dead as one never issued.
    mutating func end(_ token: String) {
        issued[token] = nil
    }
}
