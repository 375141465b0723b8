import Foundation

extension LiveCheck {
    /// Endpoints asked besides the trial when its answer was no verdict: the calls are extra ones.
    static let trialAlternatesAsked = 3

    /// The first answer to a token issued beforehand: when the server refused the token (a dead
    /// or forced-logout answer, HTTP 401, or 403 on every trial answered as a made-up token is),
    /// that is the run's one finding, as refused credentials are for a login, and every other step
    /// that needs the token is not checked.
    /// An answer that says neither (an HTML page where JSON was declared, a 404) is no verdict,
    /// nor is a GET's success that comes without the token too (a public root the document
    /// says needs it): the plan's other trial endpoints are tried, unreported, until one says.
    func judgeTrial(_ outcome: inout StepOutcome, step: LiveStep, plan: LivePlan, token: String?) async {
        guard let exchange = outcome.exchange, var verdict = await trialVerdict(exchange, step) else { return }
        var refusing = exchange
        // A 403 the API does not declare as its dead-token answer may be one endpoint's own
        // permission (a server that hides its configuration from everyone, a user who may read
        // some objects only): the key is refused only when every trial that answered is
        // forbidden alike.
        var forbidden: [LiveExchange] = verdict == .forbidden ? [exchange] : []
        var forbiddenEverywhere = verdict == .forbidden
        if verdict == .inconclusive || verdict == .forbidden {
            // One whose samples cannot be made (an id no variable gives) would send nothing.
            let askable = plan.trialAlternates.lazy.filter { (try? self.samples.values(for: $0, seen: [:], filled: [])) != nil }
            for alternate in askable.prefix(Self.trialAlternatesAsked) {
                let call = LiveStep(id: step.id, action: .check(alternate, reported: false), token: step.token, samples: [:], after: [])
                guard let answer = await check(call, token: token, seen: [:]).exchange, let judged = await trialVerdict(answer, call)
                else { continue }
                if judged == .accepted || judged == .refused {
                    verdict = judged
                    refusing = answer
                    break
                }
                forbiddenEverywhere = forbiddenEverywhere && judged == .forbidden
                if judged == .forbidden { forbidden.append(answer) }
            }
        }
        // Another endpoint took the token: the trial's own dead-token answer was its refusal.
        if verdict == .accepted, refusing.endpoint.id != exchange.endpoint.id {
            refusal(&outcome, exchange, trial: refusing.endpoint.id)
        }
        var likeMadeUp = false
        if verdict == .forbidden, forbiddenEverywhere, let token, let madeUp = await madeUpTokenAnswer(step, token: token) {
            // A server that tells a key it knows from one it does not, in status or words, knows
            // this one: what it forbids is each endpoint's own finding.
            guard Self.sameAnswer(madeUp, exchange.response) else {
                outcome.runFindings.append(forbiddenNote(forbidden, madeUp: madeUp))
                return
            }
            likeMadeUp = true
        }
        guard verdict == .refused || (verdict == .forbidden && forbiddenEverywhere), let classification = refusing.classification
        else { return }
        let variable = api.auth.beforehandVariables
        let needing = plan.steps.filter { step in
            guard case .check(_, reported: true) = step.action, let login = plan.login else { return false }
            return step.token == .live(issuedBy: login)
        }
        let id = refusing.endpoint.id
        outcome.login = .credentialsRefused
        outcome.result?.findings = []
        outcome.result?.skipped = .beforehandRefused(api.auth)
        let verb = api.auth.beforehandCredentials.verb
        var (them, check) = api.auth.placement == .basic ? ("them", "check them") : ("it", "check it")
        // A value given with the scheme word the placement adds itself goes as `Token Token KEY`.
        if case let .header(_, prefix) = api.auth.placement, !prefix.isEmpty, let token,
            token.lowercased().hasPrefix(prefix.lowercased())
        {
            let word = prefix.trimmingCharacters(in: .whitespaces)
            check = "it starts with '\(word)', which is sent before it already: set it to the key alone"
        }
        let by =
            verdict == .forbidden && forbidden.count > 1
            ? "everywhere \(them == "it" ? "it was" : "they were") tried, by \(Self.listing(forbidden.map(\.endpoint.id)))" : "by \(id)"
        outcome.runFindings.append(
            Finding(
                kind: .credentials, severity: .error, category: .harness, endpoint: id,
                message: "\(api.auth.beforehandIntroduced) in \(variable) \(verb) refused \(by) "
                    + "(HTTP \(refusing.response.status), \(classification.name))\(likeMadeUp ? ", as a made-up token is" : ""); \(check); "
                    + (needing.count == 1 ? "1 endpoint that needs \(them) was" : "\(needing.count) endpoints that need \(them) were")
                    + " not checked"))
    }

    /// Forbidden by every endpoint tried, which answer a made-up token otherwise.
    private func forbiddenNote(_ forbidden: [LiveExchange], madeUp: HTTPResponse) -> Finding {
        let verb = api.auth.beforehandCredentials.verb
        let ids = forbidden.map(\.endpoint.id)
        let first = forbidden[0].response
        return Finding(
            kind: .credentials, severity: .warning, category: .harness, endpoint: ids.first,
            message: "\(api.auth.beforehandIntroduced) in \(api.auth.beforehandVariables) \(verb) forbidden by "
                + (ids.count == 1 ? "the endpoint tried, \(ids[0])" : "the \(ids.count) endpoints tried, \(Self.listing(ids))")
                + " (HTTP \(first.status), \(said(first))), where a made-up token is answered otherwise (HTTP \(madeUp.status), "
                + "\(said(madeUp))): the server knows the token, whose account may lack permissions; "
                + "each endpoint that forbids it is its own finding")
    }

    enum TrialVerdict { case accepted, refused, forbidden, inconclusive }

    /// What one answer says of the token it was sent with; nil when there was no answer. A GET's
    /// success is asked again without the token: answered alike, it said nothing of the token.
    private func trialVerdict(_ exchange: LiveExchange, _ step: LiveStep) async -> TrialVerdict? {
        guard let classification = exchange.classification else { return nil }
        switch classification {
        case .success:
            guard step.endpoint.method == .get else { return .accepted }
            let bare = await check(step, token: nil, seen: [:])
            if case .success? = bare.exchange?.classification { return .inconclusive }
            return .accepted
        case let .tokenExpired(_, code):
            // A 403 told by its status alone is as often one endpoint's permission as a dead token
            // (Airflow answers both so): judged as any 403, by the other trials and a made-up token.
            return exchange.response.status == 403 && code == nil ? .forbidden : .refused
        case .forcedLogout: return .refused
        case .failure, .broken:
            if Self.refuses(exchange) { return .refused }
            return exchange.response.status == 403 ? .forbidden : .inconclusive
        }
    }

    /// What the trial endpoint answers a made-up token shaped like `token`: this server's own
    /// dead-token answer, where the API declares none it uses (Django REST framework's 403
    /// `Invalid token`). Asked once a run, when a 403 leaves the key's fate open.
    func madeUpTokenAnswer(_ trial: LiveStep, token: String) async -> HTTPResponse? {
        if let known = tokenWatch.madeUpAnswer { return known }
        guard let values = try? samples.values(for: trial.endpoint, seen: [:], filled: []) else { return nil }
        let call = LiveStep(id: trial.id, action: .check(trial.endpoint, reported: false), token: trial.token, samples: [:], after: [])
        let (_, answer) = await self.call(call, values, token: api.auth.deadToken(like: token), fake: true)
        guard let response = answer.exchange?.response else { return nil }
        tokenWatch.madeUp(response)
        return response
    }

    /// Whether two answers are alike: one status, and one body (as JSON, when both are).
    static func sameAnswer(_ first: HTTPResponse, _ second: HTTPResponse) -> Bool {
        guard first.status == second.status else { return false }
        if first.body == second.body { return true }
        guard let one = try? JSONParser.parse(first.body), let other = try? JSONParser.parse(second.body) else { return false }
        return one == other
    }

    /// An answer's words: its `detail` or `message` member, else the start of its body.
    func said(_ response: HTTPResponse) -> String {
        if let document = try? JSONParser.parse(response.body) {
            for name in ["detail", "message", "title", "error"] {
                if case let .string(text)? = document[name] { return "\"\(redactor.snippet(of: Data(text.utf8)))\"" }
            }
        }
        let snippet = redactor.snippet(of: response.body)
        return snippet.isEmpty ? "an empty body" : "body starts \"\(snippet)\""
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listing(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
