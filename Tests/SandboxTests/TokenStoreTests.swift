import Foundation
import Testing
@testable import Sandbox

/// The token table itself: what it remembers, for how long, and what a login touches.
@Suite struct TokenStoreTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func tokensPastTheirLifetimeArePrunedAsNewOnesAreIssued() {
        var store = TokenStore()
        var tokens: [String] = []
        // One login a second for an hour and a half, each account its own: nothing is revoked,
        // only the lifetime (60 s) can prune.
        for second in 0..<5400 {
            tokens.append(store.issue(for: "user\(second)", at: start + Double(second), ttl: 60, revokeEarlier: true))
        }

        #expect(store.count == 60)
        let now = start + 5399
        #expect(store.verdict(for: tokens[5399], at: now, ttl: 60) == .valid(account: "user5399"))
        #expect(store.verdict(for: tokens[5340], at: now, ttl: 60) == .valid(account: "user5340"))
        #expect(store.verdict(for: tokens[0], at: now, ttl: 60) == .dead)
    }

    @Test func revokedTokensArePrunedToo() {
        var store = TokenStore()
        for second in 0..<1000 {
            _ = store.issue(for: "demo", at: start + Double(second), ttl: 10, revokeEarlier: true)
        }
        #expect(store.count == 10)
    }

    @Test func aLoginFloodIsHeldToTheCapacityOldestForgottenFirst() {
        var store = TokenStore(capacity: 100)
        var tokens: [String] = []
        for _ in 0..<1000 {
            tokens.append(store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true))
        }

        #expect(store.count == 100)
        #expect(store.verdict(for: tokens[999], at: start, ttl: 3600) == .valid(account: "demo"))
        // Still remembered: revoked, so it answers 10504.
        #expect(store.verdict(for: tokens[900], at: start, ttl: 3600) == .revoked)
        // Forgotten: dead, as if it had expired.
        #expect(store.verdict(for: tokens[899], at: start, ttl: 3600) == .dead)
    }

    /// A client that keeps using its token is not logged out by another account's login flood:
    /// the least recently used tokens are forgotten first, an idle one among them.
    @Test func aTokenInUseOutlivesALoginFlood() {
        var store = TokenStore(capacity: 100)
        let idle = store.issue(for: "idle", at: start, ttl: 3600, revokeEarlier: true)
        let busy = store.issue(for: "busy", at: start, ttl: 3600, revokeEarlier: true)
        for index in 0..<10_000 {
            _ = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)
            if index % 20 == 0, store.verdict(for: busy, at: start, ttl: 3600) == .valid(account: "busy") { store.use(busy) }
        }

        #expect(store.count == 100)
        #expect(store.verdict(for: busy, at: start, ttl: 3600) == .valid(account: "busy"))
        #expect(store.verdict(for: idle, at: start, ttl: 3600) == .dead)
    }

    @Test func withoutRevocationEveryLiveTokenStaysValidUntilPruned() {
        var store = TokenStore(capacity: 10)
        let tokens = (0..<20).map { _ in store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: false) }

        #expect(store.count == 10)
        #expect(tokens[10...].allSatisfy { store.verdict(for: $0, at: start, ttl: 3600) == .valid(account: "demo") })
        #expect(store.verdict(for: tokens[9], at: start, ttl: 3600) == .dead)
    }

    @Test func aLoginRevokesOnlyTheLiveTokensOfItsAccount() {
        var store = TokenStore()
        let other = store.issue(for: "other", at: start, ttl: 3600, revokeEarlier: true)
        let first = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)
        let second = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)
        let third = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)

        #expect(store.verdict(for: first, at: start, ttl: 3600) == .revoked)
        #expect(store.verdict(for: second, at: start, ttl: 3600) == .revoked)
        #expect(store.verdict(for: third, at: start, ttl: 3600) == .valid(account: "demo"))
        #expect(store.verdict(for: other, at: start, ttl: 3600) == .valid(account: "other"))
    }

    @Test func aLoggedOutTokenIsForgotten() {
        var store = TokenStore()
        let token = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)
        store.end(token)

        #expect(store.count == 0)
        #expect(store.verdict(for: token, at: start, ttl: 3600) == .dead)
        // The next login has nothing left to revoke and is valid.
        let next = store.issue(for: "demo", at: start, ttl: 3600, revokeEarlier: true)
        #expect(store.verdict(for: next, at: start, ttl: 3600) == .valid(account: "demo"))
    }
}
