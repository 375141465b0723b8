import APICheck
import Synchronization
import Testing

/// The one token store serve and the mock tier keep: a token's lifetime, its fate and its refresh
/// token are one record, so nothing comes back to life when the store forgets, and ending a
/// session ends its refresh token.
@Suite struct TokenStoreTests {
    final class Clock: Sendable {
        private let start = ContinuousClock.now
        private let offset = Mutex(Duration.zero)
        func advance(by duration: Duration) { offset.withLock { $0 += duration } }
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    }

    @Test func anExpiredTokenNeverWorksAgainWhateverTheStoreForgets() {
        let clock = Clock()
        let store = TokenStore(revokesEarlierTokens: false, capacity: 8, now: { clock.now })
        let token = store.issue(account: "ada", lifetime: .seconds(1)).accessToken
        #expect(store.state(of: token) == .issued)
        clock.advance(by: .seconds(2))
        // Logins of other accounts push the oldest records out, one by one, past the capacity many times.
        for index in 0..<100 {
            _ = store.issue(account: "other\(index)", lifetime: .seconds(1))
            let state = store.state(of: token)
            #expect(state == .expired || state == .neverIssued, "after \(index + 1) logins: \(state)")
        }
        #expect(store.count <= 8)
    }

    @Test func aLogoutEndsTheSessionsRefreshTokenAndAnExpiryDoesNot() {
        let store = TokenStore(revokesEarlierTokens: false, rotates: true)
        let loggedOut = store.issue(account: "ada", withRefreshToken: true)
        store.logOut(loggedOut.accessToken)
        #expect(store.state(of: loggedOut.accessToken) == .loggedOut)
        #expect(store.state(ofRefreshToken: loggedOut.refreshToken) == .unknownRefreshToken)
        #expect(store.renew(with: loggedOut.refreshToken ?? "", endsReplaced: true) == .refused(.unknownRefreshToken))

        let expired = store.issue(account: "ada", withRefreshToken: true)
        #expect(store.expire(expired.accessToken))
        #expect(store.state(of: expired.accessToken) == .expired)
        guard case let .renewed(_, replaced, fresh, next) = store.renew(with: expired.refreshToken ?? "", endsReplaced: true) else {
            Issue.record("the refresh token of an expired session did not renew")
            return
        }
        #expect(replaced == expired.accessToken)
        #expect(store.state(of: fresh) == .issued)
        #expect(store.state(ofRefreshToken: expired.refreshToken) == .spentRefreshToken)
        #expect(store.state(ofRefreshToken: next) == .issued)
    }

    @Test func aTokenIssuedBeforehandOutlivesFloodsAndResets() {
        let store = TokenStore(revokesEarlierTokens: true, capacity: 4)
        store.acceptBeforehand("key-abc")
        for index in 0..<50 { _ = store.issue(account: "u\(index)") }
        #expect(store.state(of: "key-abc") == .issuedBeforehand)
        #expect(store.expire("key-abc"))
        #expect(store.state(of: "key-abc") == .expired)
        store.reset()
        #expect(store.state(of: "key-abc") == .issuedBeforehand)
        #expect(store.count == 1)
    }

    @Test func aRevokingLoginRevokesOnlyItsAccountsTokens() {
        let store = TokenStore(revokesEarlierTokens: true)
        let first = store.issue(account: "ada").accessToken
        let other = store.issue(account: "bob").accessToken
        let second = store.issue(account: "ada").accessToken
        #expect(store.state(of: first) == .revokedByLogin)
        #expect(store.state(of: other) == .issued)
        #expect(store.state(of: second) == .issued)
        #expect(store.state(of: nil) == .missing)
        #expect(store.state(of: "") == .missing)
        #expect(store.state(of: "made-up") == .neverIssued)
        #expect(store.working == 2)
    }
}
