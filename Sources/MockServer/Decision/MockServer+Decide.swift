import APICheck
import Foundation
import HTTPServer

extension MockServer {
    /// What to answer a request to a declared route with: validation first (after the token's
    /// standing, as servers ask who is asking before what is asked), then the choice
    /// (`Prefer` over the sticky one), then a fault, the token's standing, a code, the mock. A
    /// request that carries a declared error check's input gets that check's scenario unless a
    /// choice names another; it is not refused for what the check sends on purpose.
    /// Reads the token store and the sticky choices and changes neither: `apply` applies the
    /// decision's effects, `render` makes the bytes.
    func decide(_ endpoint: AnyEndpoint, request: ServerRequest, pathValues: [(name: String, value: String)]) -> MockDecision {
        let (problems, body) = RequestValidator(endpoint: endpoint, dates: api.dates).validate(request, pathValues: pathValues)
        let provoked = endpoint.errorChecks.first { check in
            check.isProvoked(by: request, endpoint: endpoint, pathValues: pathValues, body: body)
                && self.check(check.scenario, of: endpoint) == .known
        }?.scenario
        guard problems.isEmpty || provoked != nil else {
            return refusedCredentials(endpoint, request: request) ?? MockDecision(endpoint: endpoint, answer: .invalid(problems))
        }
        let preferred: ServeChoice
        switch ServeChoice.parse(prefer: request.fields("prefer")) {
        case let .success(choice): preferred = choice
        case let .failure(problem): return MockDecision(endpoint: endpoint, answer: .unreadablePreference(detail: problem.detail))
        }
        let choice = preferred.over(scenarios.choice(for: endpoint.id, session: request.field("x-apicheck-session")))
        if let scenario = choice.scenario, case let .unknownScenario(names) = check(scenario, of: endpoint) {
            return MockDecision(endpoint: endpoint, answer: .unknownScenario(scenario, known: names))
        }
        var decision = MockDecision(endpoint: endpoint, answer: .mock(scenario: nil))
        if let fault = choice.fault, fault != .truncate, fault != .slowBody {
            decision.answer = .fault(fault)
        } else {
            let promised = promisedAnswer(endpoint, request: request, decision: &decision)
            let provokedAnswer =
                choice.scenario == nil && choice.code == nil ? provoked.map { MockDecision.Answer.mock(scenario: $0) } : nil
            decision.answer = promised ?? provokedAnswer ?? Self.answer(choice)
            if promised == nil { lifecycle(&decision, request: request, body: body) }
            decision.effects += effects(of: decision, choice: choice, request: request, body: body)
        }
        if case .mock(nil) = decision.answer, let paging = endpoint.paging {
            // A cursor serve cannot place is refused, never read as the first page: a client
            // following it would see the list start over.
            if let problem = PagedBody(paging: paging).problem(
                in: request, recorded: { self.mockBody(of: endpoint, scenario: nil)?.body.document },
                declared: Set(endpoint.parameters.map(\.name)))
            {
                decision.answer = .invalid([problem])
                decision.effects = []
                return decision
            }
            decision.pageRequest = request
            decision.ownOrigin = ownOrigin(host: request.field("host"))
        } else if !mocks.origins.isEmpty, case let .mock(scenario) = decision.answer, recordedLinks(of: endpoint, scenario: scenario) {
            decision.ownOrigin = ownOrigin(host: request.field("host"))
        }
        if choice.fault == .truncate || choice.fault == .slowBody { decision.delivery = choice.fault }
        if let ms = choice.delay ?? options.delay.map({ Int.random(in: $0) }), ms > 0 {
            decision.delay = Double(ms) / 1000
        }
        return decision
    }

    /// The scenario or the code asked for; a token that is not live was answered before, by the
    /// declared promise (`promisedAnswer`).
    private static func answer(_ choice: ServeChoice) -> MockDecision.Answer {
        let scenario = choice.scenario == ScenarioName.success ? nil : choice.scenario
        if scenario == nil, let code = choice.code { return .code(code) }
        return .mock(scenario: scenario)
    }

    private func effects(
        of decision: MockDecision, choice: ServeChoice, request: ServerRequest,
        body: [String: JSONValue]
    ) -> [MockDecision.Effect] {
        let endpoint = decision.endpoint
        let token = self.token(in: request)
        switch decision.answer {
        case let .code(code):
            let rules = api.rules(for: endpoint)
            guard let token, rules.envelope?.logoutCodes.contains(code) == true || rules.forcedLogout.contains(where: { $0.code == code })
            else { return [] }
            return [.revokeToken(token)]
        case .mock(ScenarioName.logout?):
            // A logout variant served on purpose is a forced logout: the token is revoked with it.
            guard let token, choice.scenario == ScenarioName.logout else { return [] }
            return [.revokeToken(token)]
        case .mock(nil) where !options.stateless:
            switch endpoint.sessionEffect {
            case .logsIn: return [.issueToken(account: account(in: request, body: body, endpoint: endpoint))]
            case .logsOut: return token.map { [.logOut($0)] } ?? []
            case .keepsSession, .refreshes: return []
            }
        case .invalid, .unreadablePreference, .unknownScenario, .fault, .mock, .signal, .wrongCredentials:
            return []
        }
    }

    /// Whether the mock a decision serves links to a recorded server, as its body stands now.
    private func recordedLinks(of endpoint: AnyEndpoint, scenario: ScenarioName?) -> Bool {
        if let file = mocks.directory.file(of: endpoint, scenario: scenario) { return mocks.bodies.recordedLinks(of: file) }
        guard let added = mocks.late.file(of: endpoint, scenario: scenario) else { return false }
        return added.bodies.recordedLinks(of: added.file)
    }

    /// The origin a request reached: its `Host` with serve's scheme, else serve's own address.
    func ownOrigin(host: String?) -> String {
        // Every paged answer asks: the `Host` and the scheme alone, without making serve's URL.
        if let host, !host.isEmpty, !host.contains(where: { "/?#@ \\".contains($0) }) {
            return scheme + "://" + host
        }
        let root = baseURL
        let host = root.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        return (root.scheme ?? "http") + "://" + host + (root.port.map { ":\($0)" } ?? "")
    }
}
