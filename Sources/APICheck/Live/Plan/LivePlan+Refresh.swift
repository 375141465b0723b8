extension LivePlan {
    /// The refresh flow, when the API declares refresh tokens and the run checks the refresh
    /// endpoint or a refresh promise: a login of its own, the refresh with that login's refresh
    /// token, then the probes. The new access token is used (the `refresh` probe) before the old
    /// tokens are tried: some servers keep them valid until the new one is first used. Returns
    /// the sessions the flow opened, for the run to end.
    /// `target` names a probe's endpoint, nil where this run (or shard) does not run it;
    /// `ownsRefreshProbes` says whether the refresh endpoint's own probes are this run's.
    mutating func planRefresh(
        api: API, login: AnyEndpoint?, probing: Bool, runs: (AuthProbe) -> Bool,
        target: (AuthProbe) -> AnyEndpoint?, ownsRefreshProbes: Bool,
        reported: Set<String>, after: Set<LiveStep.ID>,
        checks: inout [String: LiveStep.ID]
    ) -> [[LiveStep.ID]] {
        guard let policy = api.auth.refresh, let refresh = api.endpoint(policy.endpoint), let login,
            refresh.sessionEffect == .refreshes
        else { return [] }
        let flowProbes: [AuthProbe] = [.refresh, .replacedToken, .reusedRefreshToken, .deadRefreshToken]
        let targets = [AuthProbe.refresh, .replacedToken].filter(runs).compactMap(target)
        let probing =
            probing && flowProbes.contains(where: runs)
            && (!targets.isEmpty || (ownsRefreshProbes && (runs(.reusedRefreshToken) || runs(.deadRefreshToken))))
        guard reported.contains(refresh.id) || probing else { return [] }
        let issuer = add(.check(login, reported: false), .nothing, checks, after: after)
        let refreshed = add(
            .check(refresh, reported: reported.contains(refresh.id)), .refreshToken(issuedBy: issuer, after: []),
            checks)
        checks[refresh.id] = refreshed
        var sessions: [[LiveStep.ID]] = [[issuer, refreshed]]
        guard probing else { return sessions }
        var used: [LiveStep.ID] = [refreshed]
        if runs(.refresh), let target = target(.refresh) {
            // After the endpoint's own check, whose failure makes the probe's answer say nothing
            // of the token (`LiveCheck.perform`).
            let own = checks[target.id].map { Set([$0]) } ?? []
            used = [add(.probe(.refresh, target), .live(issuedBy: refreshed), checks, after: own)]
        }
        if runs(.replacedToken), let target = target(.replacedToken) {
            add(.probe(.replacedToken, target), .replaced(issuedBy: issuer, replacedBy: refreshed), checks, after: Set(used))
        }
        if runs(.reusedRefreshToken), ownsRefreshProbes {
            // Accepted by mistake, it issues a session of its own: the run ends that one too.
            let reused = add(.probe(.reusedRefreshToken, refresh), .refreshToken(issuedBy: issuer, after: used), checks)
            sessions.append([reused])
        }
        if runs(.deadRefreshToken), ownsRefreshProbes {
            sessions.append([add(.probe(.deadRefreshToken, refresh), .deadRefreshToken(like: issuer), checks)])
        }
        return sessions
    }

    /// Ends every session the run opened that nothing else ended, through the logout endpoint,
    /// last: the server has as many sessions after a run as before. Where a login revokes the
    /// account's earlier tokens, only the last login's session lives on; the logout check, when
    /// it runs, ends it, else the run does. Without a logout endpoint, the plan notes what stays open.
    mutating func endSessions(api: API, opened: [[LiveStep.ID]], checks: [String: LiveStep.ID]) {
        guard !opened.isEmpty else { return }
        guard let logout = api.endpoints.first(where: { $0.sessionEffect == .logsOut && $0.requiresToken }) else {
            // Which of them opened a session is known once they ran (`LiveReport`).
            unendedSessions = opened
            return
        }
        var sessions = opened
        if api.auth.revokesEarlierTokens {
            // Only the latest login's token is alive; a logout check that ran last ended it.
            let lastLogin = steps.lastIndex { step in
                if case .check = step.action { return step.endpoint.sessionEffect == .logsIn || step.endpoint.sessionEffect == .refreshes }
                return false
            }
            let lastLogout = steps.lastIndex { step in
                if case .check = step.action { return step.endpoint.sessionEffect == .logsOut }
                return false
            }
            guard let lastLogin, lastLogout.map({ $0 < lastLogin }) ?? true else { return }
            sessions = [[lastLogin]]
        }
        for session in sessions {
            add(.endSession(logout), .latest(session), checks, after: Set(steps.map(\.id)))
        }
    }
}
