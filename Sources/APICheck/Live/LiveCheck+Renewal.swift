extension LiveCheck {
    /// Whether `step` sends the session's token, which a refresh may renew mid-run: a check, a
    /// next page or an error check on the session login's token. Never a probe: its token is one
    /// the server must refuse, and renewing it would hide the answer the probe judges.
    func sendsSessionToken(_ step: LiveStep, plan: LivePlan) -> Bool {
        guard api.auth.refresh != nil, let login = plan.login, step.token == .live(issuedBy: login) else { return false }
        switch step.action {
        case .check, .paging, .errorCheck: return true
        case .probe, .endSession, .preIssuedToken: return false
        }
    }

    /// Sends a step with `token`. When it carries the session's token, the server answers it with
    /// the API's dead-token answer (the step's own declared answer aside: an error check that
    /// expects it is satisfied) and the session holds a refresh token, the token is renewed, once
    /// for every step that found it dead, and the step is sent once more with the new one; a
    /// second dead answer is the step's finding. When the refresh fails, the step is skipped: the
    /// run's one finding says why (`renewalFindings`).
    func renewing(
        _ step: LiveStep, plan: LivePlan, token: String?, verdict: LoginVerdict?,
        send: (String?) async -> StepOutcome
    ) async -> StepOutcome {
        let outcome = await send(token)
        guard let token, sendsSessionToken(step, plan: plan), !outcome.succeeded,
            case .tokenExpired? = outcome.exchange?.classification, renewal.canRenew
        else { return outcome }
        guard let renewed = await renewSession(replacing: token, foundBy: step.endpoint) else {
            return .skipped(step, sessionLost, login: verdict)
        }
        return await send(renewed)
    }

    /// Why a step that needs the session's token was not sent once the session could not be renewed.
    var sessionLost: SkipReason {
        .sessionLost(refresh: api.auth.refresh?.endpoint ?? "the refresh endpoint")
    }

    /// The session's token after `dead`: the one a refresh brought (this step's, or one another
    /// step started); nil when the session could not be renewed.
    private func renewSession(replacing dead: String, foundBy endpoint: AnyEndpoint) async -> String? {
        let renewal = self.renewal
        let outcome = await renewal.refresher.outcome(
            replacing: dead, current: { renewal.token },
            refresh: { [self] in await refreshSession(dead, foundBy: endpoint) })
        if case let .renewed(token) = outcome { return token }
        return nil
    }

    /// The one refresh of the session's dead token: the refresh endpoint called with the session's
    /// refresh token where the refresh policy places it, judged as its check would be.
    private func refreshSession(_ dead: String, foundBy endpoint: AnyEndpoint) async -> TokenRefresher.Outcome {
        guard let policy = api.auth.refresh, let refresh = api.endpoint(policy.endpoint), let refreshToken = renewal.refreshToken
        else { return .ended }
        let step = LiveStep(id: -1, action: .check(refresh, reported: false), token: .nothing, samples: [:], after: [])
        let outcome = await check(step, token: refresh.requiresToken ? dead : nil, seen: [:], refreshToken: refreshToken)
        if outcome.succeeded, let token = outcome.issuedToken {
            renewal.renewed(token: token, refreshToken: outcome.issuedRefreshToken, after: endpoint.id)
            return .renewed(token)
        }
        let why =
            outcome.result?.findings.first { $0.severity == .error }?.message
            ?? "its answer holds no new access token"
        renewal.lost(SessionRenewal.Loss(refusedBy: endpoint.id, why: why))
        return .ended
    }

    /// What the run says of its session's renewals: that the token was renewed mid-run, and
    /// through which endpoint (a note); that it could not be (the one error, however many steps
    /// that needed the token were skipped).
    func renewalFindings() -> [Finding] {
        guard let refresh = api.auth.refresh?.endpoint else { return [] }
        var findings: [Finding] = []
        let after = renewal.renewedAfter
        if let first = after.first {
            let times = after.count == 1 ? "once" : "\(after.count) times"
            findings.append(
                Finding(
                    kind: .session, severity: .info, category: .harness, endpoint: refresh,
                    message: "the session's token expired during the run and was renewed through \(refresh) \(times) "
                        + "(first after \(first) answered it as a dead token); each check that found it dead was sent again "
                        + "with the new token"))
        }
        if let loss = renewal.loss {
            findings.append(
                Finding(
                    kind: .session, severity: .error, category: .harness, endpoint: refresh,
                    message: "the session's token expired during the run (\(loss.refusedBy) answered it as a dead token) "
                        + "and could not be renewed: \(refresh) failed (\(loss.why)); the checks that needed the token "
                        + "from then on were not checked"))
        }
        return findings
    }
}
