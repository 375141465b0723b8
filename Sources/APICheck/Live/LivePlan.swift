/// The steps of one live run and what each needs, built from the declarations alone. The order
/// follows the real dependencies only:
/// 1. the session's login, and beside it whatever needs no token (register, open endpoints);
/// 2. the checks that need the token, each as soon as the answers its samples read are in, with
///    a dead-token probe each;
/// 3. once no check uses the session's token, one second login. Where the API promises that a
///    login revokes the account's earlier tokens, the revocation probes (the session's token)
///    follow it; then the logout (the second login's token);
/// 4. after the logout, the logged-out probe; after every other probe, the logout endpoint's own.
/// Further logins of the account, and further logouts, go last, one at a time.
/// An endpoint declared `after` another, or reading its answer, waits for its check. What the
/// selection needs but did not select (`--only`) is checked too, unreported.
/// Probes go only to endpoints whose declaration allows them (`AnyEndpoint.isProbed`): a server
/// that wrongly accepts a probe's token must not act on it. Where logins do not revoke earlier
/// tokens, the tokens the run still holds are logged out at the end.
struct LivePlan: Sendable {
    private(set) var steps: [LiveStep] = []
    /// The session's login: the token of every check that needs one.
    private(set) var login: LiveStep.ID?
    /// The login that revokes the session's token and issues the logout's.
    private(set) var secondLogin: LiveStep.ID?

    init(api: API, selected: [AnyEndpoint], probes: Bool) {
        let loginEndpoint = api.auth.loginEndpoint.flatMap(api.endpoint)
        let tokenEndpoints = selected.filter(\.requiresToken)
        let selectedIDs = Set(selected.map(\.id))
        let planned = selected + api.dependencies(of: selectedIDs).compactMap { api.endpoint($0.id) }
        func usesAccount(_ endpoint: AnyEndpoint) -> Bool {
            endpoint.requiresToken || api.auth.usesCredentials(endpoint)
        }
        var checks: [String: LiveStep.ID] = [:]

        // The session's login, reported when it was selected.
        if let loginEndpoint, planned.contains(where: \.requiresToken) || selectedIDs.contains(loginEndpoint.id) {
            login = add(.check(loginEndpoint, reported: selectedIDs.contains(loginEndpoint.id)), .nothing, checks)
            checks[loginEndpoint.id] = login
        }
        // Steps that need no token still start after the login: a server may echo the token it
        // issues in any answer, and the trace prints each answer as it comes, masking only the
        // secrets known by then. It costs no round: they run beside the first checks that need it.
        let afterLogin: Set<LiveStep.ID> = login.map { [$0] } ?? []
        // Logins into other accounts (register) need nothing and revoke nothing of ours.
        for endpoint in planned where endpoint.sessionEffect == .logsIn && !usesAccount(endpoint) && endpoint.id != loginEndpoint?.id {
            checks[endpoint.id] = add(.check(endpoint, reported: selectedIDs.contains(endpoint.id)), .nothing, checks, after: afterLogin)
        }
        var usingSessionToken: Set<LiveStep.ID> = []
        let plain = planned.filter { $0.sessionEffect == .keepsSession }
        for level in SampleResolver.levels(plain) {
            for endpoint in level {
                let id = add(.check(endpoint, reported: selectedIDs.contains(endpoint.id)), endpoint.requiresToken ? .live(issuedBy: login) : .nothing, checks,
                             after: afterLogin)
                checks[endpoint.id] = id
                if endpoint.requiresToken { usingSessionToken.insert(id) }
            }
        }
        // The next page of an endpoint that declares paging, once its own check got the first.
        for endpoint in plain where endpoint.paging != nil && selectedIDs.contains(endpoint.id) && checks[endpoint.id] != nil {
            let id = add(.paging(endpoint), endpoint.requiresToken ? .live(issuedBy: login) : .nothing, checks)
            if endpoint.requiresToken { usingSessionToken.insert(id) }
        }
        let probed = tokenEndpoints.filter(\.isProbed)
        let probing = probes && login != nil && !probed.isEmpty
        let revoking = probing && api.auth.revokesEarlierTokens
        let ending = tokenEndpoints.filter { $0.sessionEffect == .logsOut }
        var probeSteps: [LiveStep.ID] = []
        if probing, let login {
            for endpoint in probed where endpoint.sessionEffect != .logsOut {
                probeSteps.append(add(.probe(.tokenExpired, endpoint), .dead(like: login), checks))
            }
        }

        // One second login of the account: a login endpoint that must be checked anyway
        // (auth.token), else the session's login endpoint once more, unreported.
        var accountLogins = selected.filter { $0.sessionEffect == .logsIn && usesAccount($0) && $0.id != loginEndpoint?.id }
        if !accountLogins.isEmpty || probing || !ending.isEmpty {
            // A login that needs a token (a refresh) cannot be the one that gets the second token.
            let fresh = accountLogins.firstIndex { !$0.requiresToken }
            let second = fresh.map { accountLogins.remove(at: $0) } ?? loginEndpoint
            if let second {
                secondLogin = add(.check(second, reported: second.id != loginEndpoint?.id),
                                  .nothing, checks, after: usingSessionToken.union(login.map { [$0] } ?? []))
                if second.id != loginEndpoint?.id { checks[second.id] = secondLogin }
            }
        }
        if revoking, let login, let secondLogin {
            for endpoint in probed where endpoint.sessionEffect != .logsOut {
                probeSteps.append(add(.probe(.revoked, endpoint), .revoked(issuedBy: login, revokedBy: secondLogin), checks))
            }
        }
        // The logout ends the second login's token, which nothing else uses; a token it ended
        // must then be dead.
        var late: Set<LiveStep.ID> = Set(steps.map(\.id))
        if let logout = ending.first {
            let ended = add(.check(logout, reported: true), .live(issuedBy: secondLogin), checks)
            late.insert(ended)
            if probing, let secondLogin,
               let target = probed.first(where: { $0.method == .get && $0.sessionEffect == .keepsSession })
                ?? probed.first(where: { $0.sessionEffect == .keepsSession }) {
                late.insert(add(.probe(.loggedOut, target), .loggedOut(issuedBy: secondLogin, endedBy: ended), checks))
            }
        }
        // The logout endpoint's own probes go after the others: a server that wrongly accepts
        // the token there would end it, and every later probe would read 403.
        if probing, let login {
            for endpoint in ending where endpoint.isProbed {
                let after = Set(probeSteps).union(usingSessionToken)
                late.insert(add(.probe(.tokenExpired, endpoint), .dead(like: login), checks, after: after))
                if revoking, let secondLogin {
                    late.insert(add(.probe(.revoked, endpoint), .revoked(issuedBy: login, revokedBy: secondLogin), checks, after: after))
                }
            }
        }
        // Whatever else logs the account in or out goes last, one at a time, each that needs a
        // token with a login of its own.
        var previous = late
        let tokenless = selected.filter { $0.sessionEffect == .logsOut && !$0.requiresToken }
        for endpoint in accountLogins + ending.dropFirst() + tokenless {
            var token = LiveStep.TokenNeed.nothing
            if endpoint.requiresToken, let loginEndpoint {
                let own = add(.check(loginEndpoint, reported: false), .nothing, checks, after: previous)
                previous = [own]
                token = .live(issuedBy: own)
            } else if endpoint.requiresToken {
                token = .live(issuedBy: nil)
            }
            previous = [add(.check(endpoint, reported: true), token, checks, after: previous)]
        }
        // On a server that keeps earlier tokens valid, every login is a session of its own that
        // stays open: the run ends the ones it still holds through the logout endpoint, last and
        // unreported, so the server has as many sessions after a run as before. (Where a login
        // revokes earlier tokens, only the last one lives on, and the logout check ends it.)
        if !api.auth.revokesEarlierTokens,
           let logout = api.endpoints.first(where: { $0.sessionEffect == .logsOut && $0.requiresToken }) {
            var open = login.map { [$0] } ?? []
            if let secondLogin, ending.isEmpty { open.append(secondLogin) }
            for issuer in open {
                add(.check(logout, reported: false), .live(issuedBy: issuer), checks, after: Set(steps.map(\.id)))
            }
        }
    }

    /// Adds a step whose samples read the checks already planned; returns its id.
    @discardableResult
    private mutating func add(_ action: LiveStep.Action, _ token: LiveStep.TokenNeed, _ checks: [String: LiveStep.ID],
                              after: Set<LiveStep.ID> = []) -> LiveStep.ID {
        let endpoint: AnyEndpoint
        var samples: [String: LiveStep.ID] = [:]
        switch action {
        case let .check(checked, _), let .probe(_, checked): endpoint = checked
        case let .paging(checked):
            endpoint = checked
            // Its first page is the answer of the endpoint's own check.
            samples[checked.id] = checks[checked.id]
        }
        for source in SampleResolver.sources(of: endpoint) { samples[source] = checks[source] }
        let declared = endpoint.after.compactMap { checks[$0] }
        let id = steps.count
        steps.append(LiveStep(id: id, action: action, token: token, samples: samples, after: after.union(declared)))
        return id
    }

    /// The number of results the report will hold.
    var reportedCount: Int { steps.filter(\.isReported).count }
}
