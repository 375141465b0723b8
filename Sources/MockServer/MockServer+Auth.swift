import APICheck
import Foundation
import HTTPServer

/// The declared session lifecycle, emulated: what a token gets by its standing (live, missing,
/// revoked by a second login, logged out, replaced by a refresh, expired on request), which
/// credentials a login accepts, and what a refresh token buys.
extension MockServer {
    /// What to answer a request that needs a token, before its own answer is chosen.
    enum TokenVerdict {
        case serve
        /// The endpoint's mock variant (`expired`, `logout`).
        case scenario(String)
        /// An answer built from a declared signal, or the problem a missing token gets when the
        /// API promises nothing for it.
        case response(ServerResponse)
    }

    /// The standing of `token` as the API promises to answer it.
    func tokenVerdict(for token: String?, endpoint: AnyEndpoint) -> TokenVerdict {
        guard let token, !token.isEmpty else {
            guard let promise = api.auth.missingToken else {
                return .response(ProblemDocument(status: 401, title: "Missing token",
                                                 detail: "\(endpoint.id) needs a token; none came where the API places it")
                    .response(in: api.errors))
            }
            return verdict(promise, endpoint: endpoint)
        }
        switch ledger.fate(of: token) {
        case .loggedOut?: return verdict(api.auth.loggedOutToken ?? .deadToken, endpoint: endpoint)
        case .replaced?: return verdict(api.auth.refresh?.replacedAccessToken ?? .deadToken, endpoint: endpoint)
        case .expired?: return .scenario(MockScenario.expired)
        case nil: break
        }
        switch tokens.standing(of: token) {
        case .live: return .serve
        case .revoked: return verdict(api.auth.revokedToken, endpoint: endpoint)
        case .unknown: return .scenario(MockScenario.expired)
        }
    }

    private func verdict(_ promise: TokenAnswer, endpoint: AnyEndpoint) -> TokenVerdict {
        switch promise {
        case .deadToken: return .scenario(MockScenario.expired)
        case .forcedLogout: return .scenario(MockScenario.logout)
        case .accepted: return .serve
        case let .signals(signals):
            guard let signal = signals.first else { return .scenario(MockScenario.expired) }
            return .response(signalled(signal, endpoint: endpoint))
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

    /// Whether a login's credentials are the ones serve was given (`MockServerOptions.credentials`).
    func acceptsCredentials(_ request: ServerRequest, body: [String: JSONValue], endpoint: AnyEndpoint) -> Bool {
        guard !options.credentials.isEmpty else { return true }
        // A value serve cannot find (a nested typed body) is not judged: only one it sees differ is wrong.
        for parameter in endpoint.parameters {
            guard case let .environment(name, _)? = parameter.sample, let expected = options.credentials[name],
                  let given = value(of: parameter, in: request, body: body) else { continue }
            if given != expected { return false }
        }
        return true
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
    func refusedRefresh(_ endpoint: AnyEndpoint) -> TokenVerdict {
        if (known[endpoint.id] ?? []).contains(MockScenario.refused) { return .scenario(MockScenario.refused) }
        let promise = api.auth.refresh?.refusedRefreshToken ?? .deadToken
        if case .deadToken = promise, let signal = api.rules(for: endpoint).expired.first {
            return .response(signalled(signal, endpoint: endpoint))
        }
        return verdict(promise, endpoint: endpoint)
    }

    /// `Set-Cookie` for a login's token, where the API places its token in a session cookie.
    func sessionCookie(_ token: String) -> (name: String, value: String)? {
        guard case let .cookie(name) = api.auth.placement else { return nil }
        return ("Set-Cookie", "\(name)=\(token); Path=/; HttpOnly; SameSite=Lax")
    }
}
