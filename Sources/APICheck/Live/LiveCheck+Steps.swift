import Foundation

extension LiveCheck {
    /// Runs one step: finds its token and samples in the outcomes of the steps it names, calls,
    /// and judges. A step whose token could not be had is skipped, saying why. Everything the step
    /// yields is in the outcome it returns.
    func perform(_ step: LiveStep, plan: LivePlan, known: [LiveStep.ID: StepOutcome]) async -> StepOutcome {
        let endpoint = step.endpoint
        // A token issued beforehand that its trial saw refused counts as refused credentials.
        let verdict = plan.tokenTrial.flatMap { known[$0]?.login } ?? plan.login.flatMap { known[$0]?.login }
        func skipped(_ reason: SkipReason) -> StepOutcome { .skipped(step, reason, login: verdict) }
        if verdict == .credentialsRefused, endpoint.sessionEffect != .keepsSession, api.auth.usesCredentials(endpoint) {
            return skipped(.credentialsRefused)
        }
        if verdict == .credentialsRefused, let login = plan.login, step.token.steps.contains(login), api.auth.isIssuedBeforehand {
            return skipped(.beforehandRefused(api.auth))
        }
        let watched = sendsWatchedToken(step, plan: plan, verdict: verdict)
        if watched, let loss = tokenWatch.loss { return skipped(.beforehandLost(api.auth, refusedBy: loss.firstRefusedBy)) }
        var token: String?
        switch resolveToken(step, plan: plan, known: known) {
        case let .success(found): token = found
        case let .failure(reason): return skipped(SkipReason(reason.message))
        }
        // A session that could not be renewed sends its dead token nowhere: the run said so once.
        if renewal.loss != nil, sendsSessionToken(step, plan: plan) { return skipped(sessionLost) }
        // Every call of a Basic login (the session's, a probe's second one) sends the credentials.
        if token == nil, api.auth.sendsBasicCredentials(endpoint) {
            guard let credentials = api.auth.loginBasicCredentials(in: options.environment) else {
                return skipped(.credentialsUnset(endpoint.id, account: api.auth.accountVariable, password: api.auth.passwordVariable))
            }
            token = credentials
        }
        var seen: [String: JSONValue] = [:]
        var succeeded: Set<String> = []
        for (source, id) in step.samples {
            seen[source] = known[id]?.document
            if let body = known[id]?.sentBody { seen[SampleResolver.sentKey(source)] = body }
            if known[id]?.succeeded == true { succeeded.insert(source) }
        }
        var given: Set<String> = []
        if case let .errorCheck(check, _) = step.action { given = Set(check.inputNames) }
        if let reason = SampleResolver.unavailableSample(
            for: endpoint, seen: seen, succeeded: succeeded, except: given, environment: options.environment)
        {
            return skipped(SkipReason(reason))
        }
        let refreshToken = step.token.isRefreshToken ? token : nil
        let accessToken = step.token.isRefreshToken ? nil : token
        switch step.action {
        case let .preIssuedToken(variable):
            return preIssued(variable)
        case .paging:
            let first = step.samples[endpoint.id].flatMap { known[$0]?.firstPage }
            let replayed = step.samples[endpoint.id].flatMap { known[$0]?.replayed } ?? false
            let rereads = plan.rereadingPaging.contains(step.id)
            return await renewing(step, plan: plan, token: accessToken, verdict: verdict) { token in
                await page(step, token: token, seen: seen, first: first, replayed: replayed, rereads: rereads)
            }
        case let .errorCheck(check, _):
            return await renewing(step, plan: plan, token: accessToken, verdict: verdict) { token in
                await errorCheck(step, check, token: token, seen: seen)
            }
        case let .probe(probe, _):
            if token == nil, probe != .missingToken { return skipped(.noTokenToTry) }
            // A refreshed token must be accepted: on an endpoint whose own check failed (a 400
            // for a parameter the document left out), a refusal would say nothing of the token.
            if probe == .refresh, let own = plan.ownChecks[endpoint.id], let checked = known[own], !checked.succeeded {
                return skipped(SkipReason("\(endpoint.id)'s own check failed, so its answer would say nothing of the refreshed token"))
            }
            return await self.probe(step, probe, token: token, refreshToken: refreshToken != nil, seen: seen)
        case .endSession:
            var outcome = await check(step, token: accessToken, seen: seen)
            if !outcome.succeeded {
                let why = outcome.result?.findings.first?.message ?? "no answer"
                outcome.runFindings.append(
                    Finding(
                        kind: .session, severity: .warning, category: .harness, endpoint: endpoint.id,
                        message: "could not end a session the run opened: \(endpoint.id) failed (\(why)); the server may keep it"))
            }
            outcome.result = nil
            outcome.document = nil
            return outcome
        case let .check(_, reported):
            var outcome = await renewing(step, plan: plan, token: accessToken, verdict: verdict) { token in
                await check(step, token: token, seen: seen, refreshToken: refreshToken)
            }
            if step.id == plan.login, api.auth.refresh != nil, let issued = outcome.issuedToken {
                renewal.start(token: issued, refreshToken: outcome.issuedRefreshToken)
            }
            if step.id == plan.login, let result = outcome.result {
                let (verdict, judged, finding) = LoginVerdict.judge(
                    result, token: outcome.issuedToken, login: endpoint, api: api,
                    target: redactor.display(options.baseURL), mocks: mocks)
                outcome.result = judged
                outcome.login = verdict
                outcome.runFindings += finding.map { [$0] } ?? []
                if verdict == .unreachable { outcome.stopsRun = .targetUnreachable }
            }
            if step.id == plan.tokenTrial { await judgeTrial(&outcome, step: step, plan: plan, token: accessToken) }
            if watched { await watchToken(&outcome, step: step, plan: plan, token: accessToken) }
            if !reported {
                // A step run for others (a probe's own login, what --only needs) that failed is
                // said, or the steps it starves would be skipped with no cause in sight. Not when
                // the session's login failed too: the report says that already.
                if step.id != plan.login, verdict == nil || verdict == .loggedIn, !outcome.succeeded, outcome.stopsRun == nil,
                    let failure = outcome.result?.findings.first(where: { $0.severity == .error })
                {
                    var finding = failure
                    finding.message = "\(endpoint.id), run for the steps that need it, failed: \(failure.message)"
                    outcome.runFindings.append(finding)
                }
                outcome.result = nil
            }
            if let issued = outcome.issuedToken { outcome.deadToken = api.auth.deadToken(like: issued) }
            outcome.replayed = outcome.exchange?.response.isReplayed == true
            if endpoint.paging?.cursor.asksForFirstPage == true, outcome.document != nil, let exchange = outcome.exchange,
                !exchange.response.isReplayed
            {
                outcome.firstPage = StepOutcome.FirstPage(headers: exchange.response.headers, url: exchange.request.url)
            }
            // Outcomes live for the whole run: keep what later steps read of the answer, not the answer.
            outcome.document = outcome.document.flatMap { $0.keeping(plan.pathsRead(from: step.id)) }
            let sent = plan.pathsSent(from: step.id)
            if !sent.isEmpty, outcome.succeeded, let body = outcome.exchange?.request.body,
                let document = try? JSONParser.parse(body)
            {
                outcome.sentBody = document.keeping(sent)
            }
            return outcome
        }
    }

    private struct Unavailable: Error { var message: String }

    /// The token issued beforehand, from the environment: the session's token.
    private func preIssued(_ variables: String) -> StepOutcome {
        guard let token = api.auth.tokenIssuedBeforehand(in: options.environment) else {
            return StepOutcome(
                login: .noToken,
                runFindings: [
                    Finding(
                        kind: .credentials, severity: .error, category: .harness, endpoint: nil,
                        message: "the API's token comes from the environment variable\(api.auth.placement == .basic ? "s" : "") "
                            + "\(variables.replacingOccurrences(of: "$", with: "")), which \(api.auth.placement == .basic ? "are not both" : "is not") set; "
                            + "endpoints that need \(api.auth.placement == .basic ? "them" : "the token") were not checked")
                ])
        }
        api.auth.secrets(of: token).forEach(redactor.register)
        return StepOutcome(
            issuedToken: token, deadToken: api.auth.deadToken(like: token), login: .loggedIn,
            succeeded: true)
    }

    /// The token `issuer` issued: for the session's login, the session's token now, which a
    /// refresh may have renewed since.
    private func issued(by issuer: LiveStep.ID, plan: LivePlan, known: [LiveStep.ID: StepOutcome]) -> String? {
        if issuer == plan.login, api.auth.refresh != nil, let current = renewal.token { return current }
        return known[issuer]?.issuedToken
    }

    /// The token a step sends, from the outcomes of the steps its need names.
    private func resolveToken(_ step: LiveStep, plan: LivePlan, known: [LiveStep.ID: StepOutcome]) -> Result<String?, Unavailable> {
        let loginID = api.auth.loginEndpoint ?? "the login"
        switch step.token {
        case .nothing:
            return .success(nil)
        case .live(nil):
            return .failure(Unavailable(message: "no token: the login failed"))
        case let .live(issuer?):
            guard let token = issued(by: issuer, plan: plan, known: known) else {
                if issuer == plan.login { return .failure(Unavailable(message: "no token: the login failed")) }
                let endpoint = plan.steps[issuer].endpoint
                let what = endpoint.sessionEffect == .refreshes ? "the refresh" : "its own login"
                return .failure(Unavailable(message: "no token: \(what) through \(endpoint.id) failed"))
            }
            return .success(token)
        case let .dead(like):
            // One dead token per login for the whole run, as a client holding a stale token would send.
            guard let dead = known[like]?.deadToken else { return .failure(Unavailable(message: "no token: the login failed")) }
            return .success(dead)
        case let .revoked(issuer, revoker):
            guard let token = issued(by: issuer, plan: plan, known: known), known[revoker]?.issuedToken != nil else {
                let through = known[issuer]?.issuedToken == nil ? plan.steps[issuer].endpoint.id : plan.steps[revoker].endpoint.id
                return .failure(Unavailable(message: "the probes' own login through \(through) failed"))
            }
            return .success(token)
        case let .latest(issuers):
            guard let token = issuers.reversed().lazy.compactMap({ self.issued(by: $0, plan: plan, known: known) }).first else {
                return .failure(Unavailable(message: "no session to end"))
            }
            return .success(token)
        case .withoutToken:
            return .success(nil)
        case let .replaced(issuer, replacer):
            guard let token = known[issuer]?.issuedToken, known[replacer]?.issuedToken != nil else {
                return .failure(Unavailable(message: "the refresh through \(api.auth.refresh?.endpoint ?? "the refresh endpoint") failed"))
            }
            return .success(token)
        case let .refreshToken(issuer, _):
            guard let token = known[issuer]?.issuedRefreshToken else {
                return .failure(Unavailable(message: "the login through \(loginID) gave no refresh token"))
            }
            return .success(token)
        case let .deadRefreshToken(like):
            guard let model = known[like]?.issuedRefreshToken else {
                return .failure(Unavailable(message: "the login through \(loginID) gave no refresh token"))
            }
            return .success(api.auth.probeToken.token(like: model, avoiding: [model]))
        case let .loggedOut(issuer, ender):
            guard let token = known[issuer]?.issuedToken else {
                return .failure(Unavailable(message: "its own login through \(plan.steps[issuer].endpoint.id) failed"))
            }
            guard known[ender]?.succeeded == true else {
                return .failure(Unavailable(message: "\(plan.steps[ender].endpoint.id) failed (its own check says why)"))
            }
            return .success(token)
        }
    }
}
