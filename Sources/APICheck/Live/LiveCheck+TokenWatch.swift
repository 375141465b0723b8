extension LiveCheck {
    /// Whether `step` sends the token issued beforehand, once its trial took it.
    func sendsWatchedToken(_ step: LiveStep, plan: LivePlan, verdict: LoginVerdict?) -> Bool {
        guard api.auth.isIssuedBeforehand, verdict == .loggedIn, let login = plan.login else { return false }
        return step.token.steps.contains(login) && step.id != plan.tokenTrial
    }

    /// Watches one check's answer: a write that took the token is remembered; a refusal the
    /// trial endpoint confirms is the token's loss, said once as the run's finding.
    func watchToken(_ outcome: inout StepOutcome, step: LiveStep, plan: LivePlan, token: String?) async {
        guard let exchange = outcome.exchange, let classification = exchange.classification else { return }
        if case .success = classification {
            if ![.get, .head].contains(step.endpoint.method) { tokenWatch.wrote(step.endpoint.id) }
            return
        }
        guard tokenWatch.mayConfirm, let trialStep = plan.steps.first(where: { $0.id == plan.tokenTrial }) else { return }
        let trial = trialStep.endpoint
        // An API that declares no dead-token answer of its own (Django REST framework's is a 403)
        // has the one a made-up token gets; any other 403 is one endpoint's own permission.
        var madeUp: HTTPResponse?
        if !Self.refuses(exchange) {
            guard exchange.response.status == 403, let token, let answer = await madeUpTokenAnswer(trialStep, token: token),
                Self.sameAnswer(answer, exchange.response)
            else { return }
            madeUp = answer
        }
        let call = LiveStep(id: step.id, action: .check(trial, reported: false), token: step.token, samples: [:], after: [])
        guard let answer = await check(call, token: token, seen: [:]).exchange else { return }
        guard Self.refuses(answer) || madeUp.map({ Self.sameAnswer($0, answer.response) }) == true else {
            tokenWatch.unconfirmed()
            if case .success? = answer.classification { refusal(&outcome, exchange, trial: trial.id) }
            return
        }
        guard let loss = tokenWatch.lost(refusedBy: step.endpoint.id) else { return }
        outcome.runFindings.append(
            Finding(
                kind: .credentials, severity: .error, category: .harness, endpoint: step.endpoint.id,
                message: "\(api.auth.beforehandIntroduced) in \(api.auth.beforehandVariables) "
                    + "stopped working during the run: \(step.endpoint.id) and \(trial.id), which took it at the start, refuse it "
                    + "(HTTP \(exchange.response.status))"
                    + (loss.after.map { ", after \($0) succeeded (a write that may have ended or rotated it)" } ?? "")
                    + "; the steps after it that need it were not checked"))
    }

    /// A dead-token answer from an endpoint while the trial endpoint took the same token just
    /// after: the token works, so the answer is this endpoint's own refusal (a permission, a
    /// configuration the server does not expose), said as its status, not as a dead token. Where
    /// a 403 is both the dead-token answer and a permission's, only the trial tells them apart.
    func refusal(_ outcome: inout StepOutcome, _ exchange: LiveExchange, trial: String) {
        guard case .tokenExpired? = exchange.classification, var result = outcome.result else { return }
        let response = exchange.response
        let error = APIError(
            endpoint: exchange.endpoint.id,
            reason: .http(status: response.status, contentType: response.contentType, snippet: redactor.snippet(of: response.body)))
        var finding = Finding(error)
        finding.message += "; not a dead token: \(trial) took the same token just after, so this is \(exchange.endpoint.id)'s own refusal"
        result.findings = result.findings.map { $0.kind == .tokenExpired ? finding : $0 }
        result.classification = .broken(.httpStatus)
        outcome.result = result
    }

    /// Whether an answer refuses the token it was sent with: the API's dead-token or forced-logout
    /// answer, or a 401 (a 403 is as often a permission of one endpoint: `sameAnswer` with a
    /// made-up token's tells).
    static func refuses(_ exchange: LiveExchange) -> Bool {
        switch exchange.classification {
        case .tokenExpired?, .forcedLogout?: true
        default: exchange.response.status == 401
        }
    }
}
