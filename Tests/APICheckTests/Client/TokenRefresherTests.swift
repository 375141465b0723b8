@testable import APICheck
import Synchronization
import Testing
import TestSupport

/// One refresh per dead token, whatever the interleaving: the tests hold the refresh's answer
/// until every caller has either joined it or started one of its own, so a refresher that lets a
/// second refresh start fails here every time, not by chance.
/// Counts callers as they arrive at the refresher, and opens the latch when all have.
private final class Arrivals: Sendable {
    let latch = Latch()
    private let counts = Mutex((refreshes: 0, joins: 0))
    let expected: Int

    init(expected: Int) { self.expected = expected }

    var refreshes: Int { counts.withLock { $0.refreshes } }

    func refreshStarted() { arrive { $0.refreshes += 1 } }
    func joined() { arrive { $0.joins += 1 } }

    private func arrive(_ change: (inout (refreshes: Int, joins: Int)) -> Void) {
        let all = counts.withLock { counts -> Bool in
            change(&counts)
            return counts.refreshes + counts.joins == expected
        }
        if all { latch.open() }
    }
}

/// The session's token, shared by the callers.
private final class TokenBox: Sendable {
    private let value: Mutex<String?>
    init(_ token: String?) { value = Mutex(token) }
    var token: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

@Suite struct TokenRefresherTests {
    @Test(arguments: [2, 8, 32])
    func concurrentCallersShareOneRefresh(callers: Int) async {
        let refresher = TokenRefresher()
        let box = TokenBox("dead")
        let arrivals = Arrivals(expected: callers)
        refresher.onJoin { _ in arrivals.joined() }
        let outcomes = await withTaskGroup(of: TokenRefresher.Outcome.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    await refresher.outcome(
                        replacing: "dead", current: { box.token },
                        refresh: {
                            arrivals.refreshStarted()
                            await arrivals.latch.wait()
                            box.token = "fresh"
                            return .renewed("fresh")
                        })
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(arrivals.refreshes == 1)
        #expect(outcomes == Array(repeating: .renewed("fresh"), count: callers))
    }

    /// A caller whose dead token was renewed before it asked retries with the new token.
    @Test func aCallerAfterTheRefreshRetriesWithoutRefreshing() async {
        let refresher = TokenRefresher()
        let refreshes = Mutex(0)
        let outcome = await refresher.outcome(
            replacing: "dead", current: { "fresh" },
            refresh: {
                refreshes.withLock { $0 += 1 }
                return .ended
            })
        #expect(outcome == .renewed("fresh"))
        #expect(refreshes.withLock { $0 } == 0)
    }

    /// A caller whose session has ended since (a refused refresh, a logout) fails at once.
    @Test func aCallerAfterTheSessionEndedFailsWithoutRefreshing() async {
        let refresher = TokenRefresher()
        let refreshes = Mutex(0)
        let outcome = await refresher.outcome(
            replacing: "dead", current: { nil },
            refresh: {
                refreshes.withLock { $0 += 1 }
                return .renewed("fresh")
            })
        #expect(outcome == .ended)
        #expect(refreshes.withLock { $0 } == 0)
    }

    /// Once a refresh has finished, the next dead token gets a refresh of its own.
    @Test func aLaterDeadTokenRefreshesAgain() async {
        let refresher = TokenRefresher()
        let box = TokenBox("first")
        let refreshes = Mutex(0)
        for (dead, fresh) in [("first", "second"), ("second", "third")] {
            let outcome = await refresher.outcome(
                replacing: dead, current: { box.token },
                refresh: {
                    refreshes.withLock { $0 += 1 }
                    box.token = fresh
                    return .renewed(fresh)
                })
            #expect(outcome == .renewed(fresh))
        }
        #expect(refreshes.withLock { $0 } == 2)
    }
}
