import APICheck
import Foundation
import HTTPServer

/// The declared session lifecycle, emulated: what a token gets by its standing (live, missing,
/// revoked by a second login, logged out, replaced by a refresh, expired on request), which
/// credentials a login accepts, and what a refresh token buys.
extension MockServer {
    /// The token the request carries where the API places it, read as every part reads it.
    func token(in request: ServerRequest) -> String? {
        api.auth.placement.token(header: { request.header($0) }, query: { request.queryValue($0) }).map(auth.spelledAsIssued)
    }

    /// Where the request's token stands, and the answer the API promises for it when it does not
    /// work (`TokenLifecycle`); also asks a working token's expiry (`Prefer: expire-token`).
    /// Reads the token store only.
    func promisedAnswer(_ endpoint: AnyEndpoint, request: ServerRequest, decision: inout MockDecision) -> MockDecision.Answer? {
        guard let (token, standing) = standing(endpoint, request: request) else { return nil }
        var state = standing
        if let token, state == .issued || state == .issuedBeforehand, Self.asksToExpireToken(request) {
            decision.effects.append(.expireToken(token))
            state = .expired
        }
        decision.tokenState = state
        return answer(auth.lifecycle.answer(for: state), endpoint: endpoint)
    }

    /// The promised answer to a request whose token does not work, given before its parameters
    /// are judged: a client without a session learns that first (401 or 403, not 400), as real
    /// servers and the sandbox answer. Nil for a token that works, and when serve is stateless.
    func refusedCredentials(_ endpoint: AnyEndpoint, request: ServerRequest) -> MockDecision? {
        guard let (_, state) = standing(endpoint, request: request),
            let answer = answer(auth.lifecycle.answer(for: state), endpoint: endpoint)
        else {
            return nil
        }
        var decision = MockDecision(endpoint: endpoint, answer: answer)
        decision.tokenState = state
        return decision
    }

    /// The request's token and where it stands, for an endpoint that needs one; nil when it needs
    /// none or serve is stateless (no token is judged then).
    private func standing(_ endpoint: AnyEndpoint, request: ServerRequest) -> (token: String?, state: TokenState)? {
        guard endpoint.requiresToken, !options.stateless else { return nil }
        let token = self.token(in: request)
        return (token, auth.tokens.state(of: token))
    }

    /// A login's or a refresh's own decision, for its success answer: credentials other than
    /// serve's get the `wrong_password` variant; a refresh token that does not renew gets the
    /// refused answer; a good one renews when applied.
    func lifecycle(_ decision: inout MockDecision, request: ServerRequest, body: [String: JSONValue]) {
        guard case .mock(nil) = decision.answer, !options.stateless else { return }
        let endpoint = decision.endpoint
        switch endpoint.sessionEffect {
        case .logsIn where !acceptsCredentials(request, body: body, endpoint: endpoint):
            decision.answer =
                offers(ScenarioName.wrongPassword, of: endpoint)
                ? .mock(scenario: ScenarioName.wrongPassword) : .wrongCredentials
        case .refreshes where api.auth.refresh?.endpoint == endpoint.id:
            // Read, not spent: applying spends it, in one step with a second look.
            let presented = presentedRefreshToken(request, body: body, endpoint: endpoint)
            let state = auth.tokens.state(ofRefreshToken: presented)
            if let presented, state == .issued {
                decision.effects.append(.refresh(refreshToken: presented))
            } else {
                decision.answer = refusedRefresh(endpoint, state: state)
            }
        default:
            break
        }
    }

    /// Applies a decision's effects to the token store, the one place serve changes token state.
    /// A login or a refresh issues only with its success body in hand (a client told 500 got no
    /// tokens, and its refresh token still renews); a refresh token spent by another request
    /// since the decision makes the decision the refused refresh instead.
    func apply(_ decision: inout MockDecision) {
        for effect in decision.effects {
            switch effect {
            case let .revokeToken(token): auth.tokens.revoke(token)
            case let .expireToken(token): auth.tokens.expire(token)
            case .issueToken, .logOut, .refresh: break
            }
        }
        let needsBody = decision.effects.contains { effect in
            switch effect {
            case .issueToken, .logOut, .refresh: true
            case .revokeToken, .expireToken: false
            }
        }
        guard needsBody, case .mock(let scenario) = decision.answer,
            let (_, served) = mockBody(of: decision.endpoint, scenario: scenario)
        else { return }
        let lifetime = lifetime(of: served.document)
        for effect in decision.effects {
            switch effect {
            case let .issueToken(account):
                let issued = auth.tokens.issue(account: account, lifetime: lifetime, withRefreshToken: api.auth.refresh != nil)
                decision.issued = MockDecision.IssuedTokens(accessToken: issued.accessToken, refreshToken: issued.refreshToken)
            case let .logOut(token):
                auth.tokens.logOut(token)
            case let .refresh(refreshToken):
                let endsReplaced = auth.lifecycle.answer(for: .refreshedAway) != .accepted
                switch auth.tokens.renew(with: refreshToken, lifetime: lifetime, endsReplaced: endsReplaced) {
                case let .renewed(_, _, accessToken, kept):
                    decision.issued = MockDecision.IssuedTokens(accessToken: accessToken, refreshToken: kept)
                case let .refused(state):
                    decision.answer = refusedRefresh(decision.endpoint, state: state)
                }
            case .revokeToken, .expireToken:
                break
            }
        }
    }

    /// The answer a token's promised answer becomes; nil for a token that works. The dead-token
    /// answer is the endpoint's recorded `@expired` mock, else the declared signal made (its
    /// status, a 403 where the server answers so, in the API's error shape): no `500 No mock`.
    func answer(_ promise: TokenAnswer, endpoint: AnyEndpoint) -> MockDecision.Answer? {
        switch promise {
        case .deadToken:
            if mockBody(of: endpoint, scenario: ScenarioName.expired) == nil, let signal = api.rules(for: endpoint).expired.first {
                return .signal(signal)
            }
            return .mock(scenario: ScenarioName.expired)
        case .forcedLogout: return .mock(scenario: ScenarioName.logout)
        case .accepted: return nil
        case let .signals(signals): return .signal(signals.first ?? .status(401))
        }
    }

    /// How long the token issued with a login's or refresh's answer lives; nil for ever.
    /// `MockServerOptions.tokenLifetime` wins over what the answer says (rendering writes it in,
    /// so the app plans its refresh by it).
    func lifetime(of document: JSONValue) -> Duration? {
        if let lifetime = options.tokenLifetime { return lifetime > .zero ? lifetime : nil }
        guard let seconds = api.auth.refresh?.lifetime(in: document), seconds > 0 else { return nil }
        return .seconds(seconds)
    }

    /// An answer that is `signal`, as the declarations make it (`API.signalledAnswer`), for a
    /// token standing as `state` (missing Basic credentials are told from wrong ones).
    func signalled(_ signal: AnswerSignal, endpoint: AnyEndpoint, state: TokenState?) -> ServerResponse {
        if let kept = documentedRefusal(signal, endpoint: endpoint) { return kept }
        let made = api.signalledAnswer(signal, for: endpoint, state: state, like: refusals.example)
        return ServerResponse(status: made.status, headers: [("Content-Type", made.contentType)], body: made.body)
    }

    /// The endpoint's `@expired` body with `signal`'s status, where the API declares no error shape
    /// and the signal no code: a body made up then would be problem+json, a shape the server
    /// never sends, while that mock is the document's (or the server's) own answer to a refused
    /// token (Airflow's `{"detail": ...}`, kept by the import for its 401 and 403). Nil where there
    /// is none, or it holds no JSON body (a refusal told by its status alone).
    private func documentedRefusal(_ signal: AnswerSignal, endpoint: AnyEndpoint) -> ServerResponse? {
        guard api.errors == nil, signal.code == nil, let (_, served) = mockBody(of: endpoint, scenario: ScenarioName.expired)
        else { return nil }
        switch served.document {
        case .object, .array: break
        default: return nil
        }
        return ServerResponse(status: signal.status ?? 401, headers: [("Content-Type", "application/json")], body: served.data)
    }

    /// `Prefer: expire-token`: the token this request carries dies before it is answered, so an
    /// app's refresh path runs on the request a UI test chose.
    static func asksToExpireToken(_ request: ServerRequest) -> Bool {
        request.fields("prefer").contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "expire-token" }
        }
    }

    /// Whether a login's credentials are the ones serve was given (`MockServerOptions.credentials`):
    /// each parameter, and each input of a typed body, whose sample is a credential variable,
    /// read where the body's type puts it (`$.identifier.user` in a nested Matrix login).
    func acceptsCredentials(_ request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> Bool {
        if api.auth.sendsBasicCredentials(endpoint) {
            // A Basic login without credentials is refused as a server would, whatever serve was given.
            guard let (account, password) = basicCredentials(in: request) else { return false }
            let expected = (options.credentials[api.auth.accountVariable], options.credentials[api.auth.passwordVariable])
            return (expected.0 ?? account) == account && (expected.1 ?? password) == password
        }
        guard !options.credentials.isEmpty else { return true }
        // A value serve cannot find (an input the body's sample does not copy as it is) is not
        // judged: only one it sees differ is wrong.
        for parameter in endpoint.parameters {
            guard let name = parameter.sample?.variable, let expected = options.credentials[name],
                let given = value(of: parameter, in: request, body: body)
            else { continue }
            if given != expected { return false }
        }
        guard let declared = endpoint.requestBody else { return true }
        let document = Self.document(body)
        for input in declared.inputs {
            guard let name = input.sample?.variable, let expected = options.credentials[name],
                let path = declared.path(ofInput: input.name), let given = document.value(at: path)
            else { continue }
            if (given.stringValue ?? given.compactText) != expected { return false }
        }
        return true
    }

    /// The account and password of the HTTP Basic credentials a request carries, read as every
    /// part reads a token.
    func basicCredentials(in request: ServerRequest) -> (account: String, password: String)? {
        AuthPolicy.Placement.basic.token(header: { request.header($0) }, query: { request.queryValue($0) })
            .flatMap(AuthPolicy.basicParts(of:))
    }

    /// A request body's members as one document, for the JSONPaths of its typed declaration.
    static func document(_ body: [String: JSONValue]) -> JSONValue {
        .object(body.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The refresh token a refresh request carries, where the refresh policy places it (read as
    /// every part reads a token: `Authorization: R` where `Bearer ` is declared is no token serve
    /// issued), else in the parameter it names.
    func presentedRefreshToken(_ request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> String? {
        if let placement = api.auth.refresh?.placement(for: endpoint) {
            return placement.token(header: { request.header($0) }, query: { request.queryValue($0) })
        }
        guard let name = api.auth.refresh?.parameter, let parameter = endpoint.parameters.first(where: { $0.name == name }) else {
            return nil
        }
        return value(of: parameter, in: request, body: body)
    }

    func value(of parameter: Parameter, in request: ServerRequest, body: [String: JSONValue]) -> String? {
        switch parameter.location {
        case .body: return body[parameter.name].map { $0.stringValue ?? $0.compactText }
        case .query: return request.queryValue(parameter.name)
        case .header: return request.field(parameter.name.lowercased())
        case .cookie: return request.cookie(parameter.name)
        case .path: return nil
        }
    }

    /// The refused refresh: the refresh endpoint's `refused` variant when there is one, else the
    /// answer the API promises for the refresh token's state.
    func refusedRefresh(_ endpoint: AnyEndpoint, state: TokenState) -> MockDecision.Answer {
        if offers(ScenarioName.refused, of: endpoint) { return .mock(scenario: ScenarioName.refused) }
        let promise = auth.lifecycle.answer(for: state == .spentRefreshToken ? .spentRefreshToken : .unknownRefreshToken)
        // The refresh endpoint needs no token of its own: its dead-token answer is the signal, not a variant it may lack.
        if case .deadToken = promise, let signal = api.rules(for: endpoint).expired.first { return .signal(signal) }
        return answer(promise, endpoint: endpoint) ?? .signal(.status(401))
    }

    /// `Set-Cookie` for a login's token, where the API places its token in a session cookie.
    func sessionCookie(_ token: String) -> (name: String, value: String)? {
        guard case let .cookie(name) = api.auth.placement else { return nil }
        return ("Set-Cookie", "\(name)=\(token); Path=/; HttpOnly; SameSite=Lax")
    }
}
