/// The steps of one live run and what each needs, built from the declarations alone. The order
/// follows the real dependencies only:
/// 1. the session's token (a login, or the token issued beforehand, tried first on one endpoint
///    alone), and beside it whatever needs no token (register, open endpoints);
/// 2. the checks that need the token, each as soon as the answers its samples read are in, with
///    the probes of the promises the API declares: a dead token on each, no token on one;
/// 3. once no check uses the session's token, one second login where something needs it. Where
///    the API promises that a login revokes the account's earlier tokens, the revocation probes
///    (the session's token) follow it; then the logout (the second login's token);
/// 4. after the logout, the logged-out probe; after every other probe, the logout endpoint's own;
/// 5. the refresh flow, on a login of its own: the refresh, then its probes;
/// 6. further logins of the account, and further logouts, one at a time; last, the logout of
///    every session the run opened that nothing else ended.
/// An endpoint declared `after` another, or reading its answer, waits for its check; so does each
/// of its declared error checks, with the same token. A declared `after` orders only: the
/// endpoint runs whatever that check answered. The plan guesses no order from paths and methods:
/// a guess could be neither seen nor removed where an API does not need it, so `import-openapi`
/// writes its guesses as `after:` in the package. What the selection needs but did not select
/// (`--only`) is checked too, unreported.
/// Probes go only to endpoints whose declaration allows them (`AnyEndpoint.isProbed(by:)`): a
/// server that wrongly accepts a probe's token must not act on it; and only for promises the API
/// declares (`AuthProbe.promise`), narrowed by the run's selection (`--probes`).
/// A shard (`whole` given) plans the probes that run once per run (missing token, logged out, the
/// refresh flow's) on the endpoint the whole run would, and only where that endpoint is its own:
/// merged, the shards run each such probe once, as one machine would.
struct LivePlan: Sendable {
    private(set) var steps: [LiveStep] = []
    /// What later steps read of each step's answer, gathered as steps are added (`pathsRead`).
    var reads: [LiveStep.ID: [JSONPath]] = [:]
    /// What later steps read of the JSON body each step sent (`pathsSent`).
    var sentReads: [LiveStep.ID: [JSONPath]] = [:]
    /// The step that gives the session's token: its login, or the token issued beforehand.
    private(set) var login: LiveStep.ID?
    /// The check that tries a token issued beforehand first, alone: every other step that sends
    /// it waits for this one, so a refused token is one finding, not one per endpoint.
    private(set) var tokenTrial: LiveStep.ID?
    /// Endpoints that try a token issued beforehand when the trial's answer says nothing of it.
    private(set) var trialAlternates: [AnyEndpoint] = []
    /// The login that revokes the session's token and issues the logout's.
    private(set) var secondLogin: LiveStep.ID?
    /// Why a selected endpoint has no step (the logout, on a token the run did not open).
    private(set) var unplanned: [String: String] = [:]
    /// Why a selected endpoint has no step in a reads-only run or one with `--except` (the write,
    /// or the endpoint left out, it needs first), or at all unless named (`changingGlobalState()`).
    private(set) var writeNeeded: [String: SkipReason] = [:]
    /// Sessions the run opens that it cannot end (no logout endpoint), to say so: each as the
    /// steps that may issue its token.
    var unendedSessions: [[LiveStep.ID]] = []
    /// Each planned endpoint's own check.
    var ownChecks: [String: LiveStep.ID] = [:]
    /// The paging steps that ask for their first page themselves, after the run's writes.
    var rereadingPaging: Set<LiveStep.ID> = []

    init(
        api: API, selected: [AnyEndpoint], probes: Bool, probeFilter: Set<AuthProbe>? = nil, whole: [AnyEndpoint]? = nil,
        errorChecks: Bool = true, readsOnly: Bool = false, excluded: Set<String> = [], endingIdentity named: Set<String> = []
    ) {
        // A write to what the run did not make is sent only when named: it is often data someone keeps.
        let held = api.heldForName(named)
        let unsent = excluded.union(held.keys)
        let limited = readsOnly || !unsent.isEmpty
        let sends = { api.isSent($0, readsOnly: readsOnly, excluded: unsent) }
        for (read, missing) in limited ? api.unsentNeeded(by: Set(selected.map(\.id)), sends: sends) : [:] {
            let reason = api.endpoint(missing).map {
                excluded.contains($0.id) ? SkipReason.needsExcluded($0) : held[$0.id] != nil ? .needsNamed($0) : .needsWrite($0)
            }
            writeNeeded[read] = reason ?? .notChecked
        }
        for endpoint in selected where held[endpoint.id] != nil {
            writeNeeded[endpoint.id] = .unnamed(endpoint)
        }
        for endpoint in selected where endpoint.opensWebSocket {
            writeNeeded[endpoint.id] = .switchesProtocols(endpoint)
        }
        // What ends the identity the run calls as runs last, and only when named.
        let identityEndings = selected.filter { $0.endsIdentity && named.contains($0.id) }
        for endpoint in selected where endpoint.endsIdentity && !named.contains(endpoint.id) {
            unplanned[endpoint.id] = Self.identityNote(endpoint)
        }
        let selected = selected.filter { writeNeeded[$0.id] == nil && !$0.endsIdentity }
        let loginEndpoint = api.auth.loginEndpoint.flatMap(api.endpoint)
        let tokenEndpoints = selected.filter(\.requiresToken)
        let selectedIDs = Set(selected.map(\.id))
        let neededIDs = selectedIDs.union(identityEndings.map(\.id))
        let needed = limited ? api.dependencies(of: neededIDs, sending: sends) : api.dependencies(of: neededIDs)
        let planned = selected + needed.compactMap { api.endpoint($0.id) }.filter { !$0.endsIdentity }
        func usesAccount(_ endpoint: AnyEndpoint) -> Bool {
            endpoint.requiresToken || api.auth.usesCredentials(endpoint)
        }
        func runs(_ probe: AuthProbe) -> Bool {
            probes && (probeFilter?.contains(probe) ?? true) && !api.auth.skippedProbes.contains(probe) && probe.promise(api) != nil
        }
        var checks: [String: LiveStep.ID] = [:]
        // Sessions the run opens, each as the steps whose last issued token is the session's.
        var opened: [[LiveStep.ID]] = []

        // The session's login, reported when it was selected; or the token issued beforehand. A
        // selection whose samples read the login's answer needs it though it needs no token.
        let needsToken = (planned + identityEndings).contains(where: \.requiresToken)
        if let loginEndpoint, needsToken || planned.contains(where: { $0.id == loginEndpoint.id }) {
            login = add(.check(loginEndpoint, reported: selectedIDs.contains(loginEndpoint.id)), .nothing, checks)
            checks[loginEndpoint.id] = login
            opened.append([login!])
        } else if api.auth.isIssuedBeforehand, needsToken {
            login = add(.preIssuedToken(variable: api.auth.beforehandVariables), .nothing, checks)
        }
        let preIssued = api.auth.isIssuedBeforehand && login != nil
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
        // Nothing says a token issued beforehand still works until one endpoint takes it: a
        // login's answer does for a login.
        let trial = preIssued ? Self.trial(plain) : nil
        if let trial {
            tokenTrial = add(.check(trial, reported: selectedIDs.contains(trial.id)), .live(issuedBy: login), checks, after: afterLogin)
            checks[trial.id] = tokenTrial
            usingSessionToken.insert(tokenTrial!)
            trialAlternates = Self.trialAlternates(plain, besides: trial)
        }
        for level in SampleResolver.levels(plain) {
            for endpoint in level where endpoint.id != trial?.id {
                let id = add(
                    .check(endpoint, reported: selectedIDs.contains(endpoint.id)),
                    endpoint.requiresToken ? .live(issuedBy: login) : .nothing, checks,
                    after: afterLogin)
                checks[endpoint.id] = id
                if endpoint.requiresToken { usingSessionToken.insert(id) }
            }
        }
        usingSessionToken.formUnion(planPaging(plain.filter { selectedIDs.contains($0.id) }, writes: plain, checks: checks))
        // Each declared error check, once the endpoint's own check is over: a failure provoked on
        // purpose comes after the call that shows the endpoint works.
        for endpoint in planned where errorChecks && selectedIDs.contains(endpoint.id) && !endpoint.sentErrorChecks.isEmpty {
            guard let own = checks[endpoint.id], api.plansErrorChecks(of: endpoint) else { continue }
            for errorCheck in endpoint.sentErrorChecks {
                let id = add(
                    .errorCheck(errorCheck, endpoint), endpoint.requiresToken ? .live(issuedBy: login) : .nothing, checks,
                    after: [own])
                if endpoint.requiresToken { usingSessionToken.insert(id) }
            }
        }
        let probed = tokenEndpoints.filter(\.isProbed)
        let probing = probes && login != nil && !probed.isEmpty
        // The once-per-run probes' endpoints, chosen among the whole run's as one machine would.
        let wholeProbed = whole.map { $0.filter { $0.requiresToken && $0.isProbed } } ?? probed
        func runTarget(_ probe: AuthProbe) -> AnyEndpoint? {
            Self.target(wholeProbed, for: probe).flatMap { selectedIDs.contains($0.id) ? $0 : nil }
        }
        let revoking = probing && loginEndpoint != nil && runs(.revoked)
        let ending = tokenEndpoints.filter { $0.sessionEffect == .logsOut }
        // A shard that owns the logged-out probe's endpoint but not the logout runs the logout
        // too, unreported: its own shard reports it.
        let borrowedLogout =
            ending.isEmpty && probing && runs(.loggedOut) && runTarget(.loggedOut) != nil
            ? (whole ?? []).first { $0.requiresToken && $0.sessionEffect == .logsOut } : nil
        var probeSteps: [LiveStep.ID] = []
        if probing, let login {
            for endpoint in probed where endpoint.sessionEffect != .logsOut {
                if runs(.tokenExpired), endpoint.isProbed(by: .tokenExpired) {
                    probeSteps.append(add(.probe(.tokenExpired, endpoint), .dead(like: login), checks))
                }
            }
            // One request without a token says how the server answers one: endpoints that ignore
            // the token altogether are the dead-token probe's finding already.
            if runs(.missingToken), let target = runTarget(.missingToken) {
                probeSteps.append(add(.probe(.missingToken, target), .withoutToken(after: login), checks))
            }
        }

        // One second login of the account where something needs it: a login endpoint that must be
        // checked anyway (auth.token), else the session's login endpoint once more, unreported.
        var accountLogins = selected.filter { $0.sessionEffect == .logsIn && usesAccount($0) && $0.id != loginEndpoint?.id }
        if !preIssued, !accountLogins.isEmpty || revoking || !ending.isEmpty || borrowedLogout != nil {
            // A login that needs a token cannot be the one that gets the second token.
            let fresh = accountLogins.firstIndex { !$0.requiresToken }
            let second = fresh.map { accountLogins.remove(at: $0) } ?? loginEndpoint
            if let second {
                secondLogin = add(
                    .check(second, reported: second.id != loginEndpoint?.id),
                    .nothing, checks, after: usingSessionToken.union(login.map { [$0] } ?? []))
                if second.id != loginEndpoint?.id { checks[second.id] = secondLogin }
                if ending.isEmpty, borrowedLogout == nil, let secondLogin { opened.append([secondLogin]) }
            }
        }
        if revoking, let login, let secondLogin {
            for endpoint in probed where endpoint.sessionEffect != .logsOut && endpoint.isProbed(by: .revoked) {
                probeSteps.append(add(.probe(.revoked, endpoint), .revoked(issuedBy: login, revokedBy: secondLogin), checks))
            }
        }
        // The logout ends the second login's token, which nothing else uses; a token it ended
        // must then be dead. A token issued beforehand is never logged out: the run did not open it.
        var late: Set<LiveStep.ID> = Set(steps.map(\.id))
        if preIssued {
            for endpoint in ending {
                unplanned[endpoint.id] =
                    "\(endpoint.id) is not checked: it would end the token issued beforehand (\(api.auth.beforehandVariables))"
            }
        } else if let logout = ending.first ?? borrowedLogout {
            let ended = add(.check(logout, reported: borrowedLogout == nil), .live(issuedBy: secondLogin), checks)
            late.insert(ended)
            if probing, let secondLogin, runs(.loggedOut), let target = runTarget(.loggedOut) {
                late.insert(add(.probe(.loggedOut, target), .loggedOut(issuedBy: secondLogin, endedBy: ended), checks))
            }
        }
        // The logout endpoint's own probes go after the others: a server that wrongly accepts
        // the token there would end it, and every later probe would read 403.
        if probing, let login {
            let after = Set(probeSteps).union(usingSessionToken)
            for endpoint in ending {
                if runs(.tokenExpired), endpoint.isProbed(by: .tokenExpired) {
                    late.insert(add(.probe(.tokenExpired, endpoint), .dead(like: login), checks, after: after))
                }
                if revoking, let secondLogin, endpoint.isProbed(by: .revoked) {
                    late.insert(add(.probe(.revoked, endpoint), .revoked(issuedBy: login, revokedBy: secondLogin), checks, after: after))
                }
            }
        }
        // The refresh flow, on a login of its own; where logins revoke earlier tokens, after
        // everything else that uses one.
        let refreshAfter = api.auth.revokesEarlierTokens ? Set(steps.map(\.id)) : afterLogin
        // The refresh endpoint's own probes go with the first probed endpoint of the whole run.
        let ownsRefreshProbes = wholeProbed.first.map { selectedIDs.contains($0.id) } ?? false
        let refreshed = planRefresh(
            api: api, login: loginEndpoint, probing: probing, runs: runs, target: runTarget,
            ownsRefreshProbes: ownsRefreshProbes, reported: selectedIDs, after: refreshAfter, checks: &checks)
        opened += refreshed
        late.formUnion(refreshed.flatMap { $0 })
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
                // A login that needs a token issues another; the endpoint's own logout ends its own.
                if endpoint.sessionEffect != .logsOut { opened.append([own]) }
            } else if endpoint.requiresToken {
                token = .live(issuedBy: nil)
            }
            let id = add(.check(endpoint, reported: true), token, checks, after: previous)
            previous = [id]
            if endpoint.sessionEffect == .logsIn { opened.append([id]) }
        }
        endSessions(api: api, opened: opened, checks: checks)
        planIdentityEndings(identityEndings, api: api, checks: checks)
        ownChecks = checks
    }

    /// Adds a step whose samples read the checks already planned; returns its id.
    @discardableResult
    mutating func add(
        _ action: LiveStep.Action, _ token: LiveStep.TokenNeed, _ checks: [String: LiveStep.ID],
        after: Set<LiveStep.ID> = []
    ) -> LiveStep.ID {
        let endpoint: AnyEndpoint
        var samples: [String: LiveStep.ID] = [:]
        switch action {
        case let .check(checked, _), let .probe(_, checked), let .endSession(checked), let .errorCheck(_, checked): endpoint = checked
        case .preIssuedToken: endpoint = .preIssuedToken
        case let .paging(checked):
            endpoint = checked
            // Its first page is the answer of the endpoint's own check.
            samples[checked.id] = checks[checked.id]
        }
        // An error check waits for no answer whose value it replaces (a nonexistent id in place of a seen one).
        var given: Set<String> = []
        if case let .errorCheck(check, _) = action { given = Set(check.inputNames) }
        for source in SampleResolver.sources(of: endpoint, except: given) { samples[source] = checks[source] }
        var after = after.union((endpoint.after + endpoint.orderedAfter).compactMap { checks[$0] })
        if let tokenTrial, let login, token.steps.contains(login) { after.insert(tokenTrial) }
        let id = steps.count
        let step = LiveStep(id: id, action: action, token: token, samples: samples, after: after)
        steps.append(step)
        noteReads(of: step)
        return id
    }

    /// The endpoint a probe that needs one working call tries: a GET that keeps the session if any
    /// (the refresh probe needs a success: one without parameters first), else any that keeps it.
    static func target(_ probed: [AnyEndpoint], for probe: AuthProbe) -> AnyEndpoint? {
        let candidates = probed.filter { $0.sessionEffect == .keepsSession && $0.isProbed(by: probe) }
        let plain = probe == .refresh ? candidates.first { $0.method == .get && $0.parameters.isEmpty } : nil
        return plain ?? candidates.first { $0.method == .get } ?? candidates.first
    }

    /// The number of results the report will hold.
    var reportedCount: Int { steps.filter(\.isReported).count }
}
