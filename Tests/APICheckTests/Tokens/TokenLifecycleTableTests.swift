import APICheck
import Contracts
import RelayExample
import Testing

/// The one table of what each token state gets, pinned for the two example APIs: the demo's
/// promises and Relay's, and the default for what an API leaves unsaid.
@Suite struct TokenLifecycleTableTests {
    @Test func theDemosTable() {
        let lifecycle = Demo.api.tokenLifecycle
        let expected: [TokenState: TokenAnswer] = [
            .issued: .accepted, .issuedBeforehand: .accepted, .missing: .deadToken, .neverIssued: .deadToken,
            .revokedByLogin: .forcedLogout, .loggedOut: .deadToken, .refreshedAway: .deadToken, .expired: .deadToken,
            .spentRefreshToken: .deadToken, .unknownRefreshToken: .deadToken,
        ]
        for state in TokenState.allCases { #expect(lifecycle.answer(for: state) == expected[state], "\(state)") }
        #expect(lifecycle.promise(for: .refreshedAway) == nil, "no refresh: nothing promised")
        #expect(lifecycle.promise(for: .issuedBeforehand) == nil, "a login API issues nothing beforehand")
    }

    @Test func relaysTable() {
        let lifecycle = Relay.api.tokenLifecycle
        let refused = TokenAnswer.signals([.status(401, code: "M_UNKNOWN_TOKEN")])
        #expect(lifecycle.answer(for: .missing) == .deadToken)
        #expect(lifecycle.promise(for: .revokedByLogin) == nil, "Relay's logins do not revoke")
        #expect(lifecycle.answer(for: .revokedByLogin) == .forcedLogout, "a forced logout served on purpose")
        #expect(lifecycle.answer(for: .spentRefreshToken) == refused)
        #expect(lifecycle.answer(for: .unknownRefreshToken) == refused)
        #expect(lifecycle.answer(for: .refreshedAway) == .deadToken)
    }

    @Test func everyProbeChecksTheTablesPromiseForTheStateItSends() {
        for api in [Demo.api, Relay.api] {
            for probe in AuthProbe.allCases where probe != .refresh {
                #expect(probe.promise(api) == api.tokenLifecycle.promise(for: probe.state), "\(api.name) \(probe.rawValue)")
            }
        }
        #expect(AuthProbe(named: "logout") == .revoked)
        #expect(AuthProbe(named: "revoked-token") == .revoked)
    }

    @Test func anAPIWithoutADeadTokenAnswerGetsAPlain401() {
        let api = API(name: "bare", envelope: .none, auth: .preIssued(variable: "T", placement: .bearer), endpoints: [])
        #expect(api.tokenLifecycle.answer(for: .neverIssued) == .signals([.status(401)]))
        #expect(api.tokenLifecycle.promise(for: .neverIssued) == nil)
        #expect(api.tokenLifecycle.answer(for: .issuedBeforehand) == .accepted)
    }
}
