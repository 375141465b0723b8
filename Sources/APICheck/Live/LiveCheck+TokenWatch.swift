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
