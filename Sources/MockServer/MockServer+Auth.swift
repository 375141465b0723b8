import APICheck
import Foundation
import HTTPServer

/// The declared session lifecycle, emulated: what a token gets by its standing (live, missing,
/// revoked by a second login, logged out, replaced by a refresh, expired on request), which
/// credentials a login accepts, and what a refresh token buys.
extension MockServer {
    /// The answer the API promises for the request's token when it is not live (missing, dead,
    /// logged out, replaced, revoked, or expired by this very request's `Prefer: expire-token`);
    /// nil for a live token or an endpoint that needs none.
    func promisedAnswer(_ endpoint: AnyEndpoint, request: ServerRequest, decision: inout MockDecision) -> MockDecision.Answer? {
        guard endpoint.requiresToken, !options.stateless else { return nil }
        let token = Self.token(in: request, placement: api.auth.placement)
        guard let token, !token.isEmpty else {
            guard let promise = api.auth.missingToken else { return .missingToken }
            return answer(promise, endpoint: endpoint)
        }
        switch ledger.fate(of: token) {
        case .loggedOut?: return answer(api.auth.loggedOutToken ?? .deadToken, endpoint: endpoint)
        case .replaced?: return answer(api.auth.refresh?.replacedAccessToken ?? .deadToken, endpoint: endpoint)
        case .expired?:
            // Its lifetime ended: the token book, which knows nothing of lifetimes, still has it live.
            decision.auth = .unknown
            return .mock(scenario: MockScenario.expired)
        case nil: break
        }
        switch tokens.standing(of: token) {
        case .live:
            guard Self.asksToExpireToken(request) else { return nil }
            decision.effects.append(.expireToken(token))
            return .mock(scenario: MockScenario.expired)
        case .revoked: return answer(api.auth.revokedToken, endpoint: endpoint)
        case .unknown: return .mock(scenario: MockScenario.expired)
        }
    }

    /// A login's or a refresh's own decision, for its success answer: credentials other than
    /// serve's get the `wrong_password` variant; a refresh token serve did not issue, or spent,
    /// gets the refused answer; a good one renews.
    func lifecycle(_ decision: inout MockDecision, request: ServerRequest, body: [String: JSONValue]) {
        guard case .mock(nil) = decision.answer, !options.stateless else { return }
        let endpoint = decision.endpoint
        switch endpoint.sessionEffect {
        case .logsIn where !acceptsCredentials(request, body: body, endpoint: endpoint):
            decision.answer = offers(MockScenario.wrongPassword, of: endpoint.id)
                ? .mock(scenario: MockScenario.wrongPassword) : .wrongCredentials
        case .refreshes where api.auth.refresh?.endpoint == endpoint.id:
            // Read, not spent: rendering spends it, in one step with a second look.
            if let presented = presentedRefreshToken(request, body: body, endpoint: endpoint),
               case .renews = ledger.renewal(of: presented) {
                decision.effects.append(.refresh(refreshToken: presented))
            } else {
                decision.answer = refusedRefresh(endpoint)
            }
        default:
            break
        }
    }

    private func answer(_ promise: TokenAnswer, endpoint: AnyEndpoint) -> MockDecision.Answer? {
        switch promise {
        case .deadToken: return .mock(scenario: MockScenario.expired)
        case .forcedLogout: return .mock(scenario: MockScenario.logout)
        case .accepted: return nil
        case let .signals(signals): return signals.first.map(MockDecision.Answer.signal) ?? .mock(scenario: MockScenario.expired)
        }
    }

    /// An answer that is `signal`: its status, and its code where the endpoint's envelope or the
    /// API's error shape puts one.
    func signalled(_ signal: AnswerSignal, endpoint: AnyEndpoint) -> ServerResponse {
        let rules = api.rules(for: endpoint)
        let message = "token refused"
        if let code = signal.code, let policy = rules.envelope {
            var envelope = JSONValue.object([])
            envelope.set(code.json, at: policy.codePath)
            envelope.set(.string(message), at: policy.messagePath)
            if let payload = policy.payloadPath { envelope.set(.null, at: payload) }
            return .json(Data(envelope.compactText.utf8), status: signal.status ?? 200)
        }
        let status = signal.status ?? 401
        if let code = signal.code, let errors = api.errors, errors != .problemJSON {
            return ServerResponse(status: status, headers: [("Content-Type", errors.contentType)],
                                  body: Data(errors.body(code: code, message: message, status: status).compactText.utf8))
        }
        return ProblemDocument(status: status, title: "Token refused", detail: message).response(in: api.errors)
    }

    /// `Prefer: expire-token`: the token this request carries dies before it is answered, so an
    /// app's refresh path runs on the request a UI test chose.
    static func asksToExpireToken(_ request: ServerRequest) -> Bool {
        request.fields("prefer").contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "expire-token" }
        }
    }

    /// Kills a live token now: it gets the dead-token answer from then on.
    func expire(_ token: String) {
        guard tokens.standing(of: token) == .live, ledger.fate(of: token) == nil else { return }
        tokens.end(token)
        ledger.end(token, as: .expired)
    }

    /// Whether a login's credentials are the ones serve was given (`MockServerOptions.credentials`):
    /// each parameter, and each input of a typed body, whose sample is a credential variable,
    /// read where the body's type puts it (`$.identifier.user` in a nested Matrix login).
    func acceptsCredentials(_ request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> Bool {
        guard !options.credentials.isEmpty else { return true }
        // A value serve cannot find (an input the body's sample does not copy as it is) is not
        // judged: only one it sees differ is wrong.
        for parameter in endpoint.parameters {
            guard case let .environment(name, _)? = parameter.sample, let expected = options.credentials[name],
                  let given = value(of: parameter, in: request, body: body) else { continue }
            if given != expected { return false }
        }
        guard let declared = endpoint.requestBody else { return true }
        let document = Self.document(body)
        for input in declared.inputs {
            guard case let .environment(name, _)? = input.sample, let expected = options.credentials[name],
                  let path = declared.path(ofInput: input.name), let given = document.value(at: path) else { continue }
            if (given.stringValue ?? given.compactText) != expected { return false }
        }
        return true
    }

    /// A request body's members as one document, for the JSONPaths of its typed declaration.
    static func document(_ body: [String: JSONValue]) -> JSONValue {
        .object(body.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The refresh token a refresh request carries, in the parameter the refresh policy names.
    func presentedRefreshToken(_ request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> String? {
        guard let name = api.auth.refresh?.parameter, let parameter = endpoint.parameters.first(where: { $0.name == name }) else { return nil }
        return value(of: parameter, in: request, body: body)
    }

    func value(of parameter: Parameter, in request: ServerRequest, body: [String: JSONValue]) -> String? {
        switch parameter.location {
        case .body: return body[parameter.name].map { $0.stringValue ?? $0.compactText }
        case .query: return request.queryValue(parameter.name)
        case .header: return request.field(parameter.name.lowercased())
        case .path: return nil
        }
    }

    /// The refused refresh: the refresh endpoint's `refused` variant when there is one, else the
    /// answer the refresh policy promises.
    func refusedRefresh(_ endpoint: AnyEndpoint) -> MockDecision.Answer {
        if offers(MockScenario.refused, of: endpoint.id) { return .mock(scenario: MockScenario.refused) }
        let promise = api.auth.refresh?.refusedRefreshToken ?? .deadToken
        if case .deadToken = promise, let signal = api.rules(for: endpoint).expired.first { return .signal(signal) }
        return answer(promise, endpoint: endpoint) ?? .signal(.status(401))
    }

    /// `Set-Cookie` for a login's token, where the API places its token in a session cookie.
    func sessionCookie(_ token: String) -> (name: String, value: String)? {
        guard case let .cookie(name) = api.auth.placement else { return nil }
        return ("Set-Cookie", "\(name)=\(token); Path=/; HttpOnly; SameSite=Lax")
    }
}
