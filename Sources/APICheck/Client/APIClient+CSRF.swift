import Foundation

extension APIClient {
    /// The key a CSRF token is held under: the credential the request goes with, as the server
    /// ties its token to that session.
    static func csrfKey(_ token: String?) -> String { token ?? "" }

    /// The CSRF credential `request` goes with, where the API declares one and its method needs
    /// it: the one held for its credential, else fetched with it. A made-up token (a probe's)
    /// fetches nothing and takes the last one issued, so the server judges the made-up token.
    func csrfCredential(for request: HTTPRequest, token: TokenChoice, sending tokenValue: String?) async -> CSRFTokens.Credential? {
        guard let policy = api.auth.csrf, policy.applies(to: request.method) else { return nil }
        if case .fake = token { return csrfTokens.latest }
        return await csrfTokens.credential(for: Self.csrfKey(tokenValue)) { [self] in
            await fetchCSRF(policy, token: tokenValue)
        }
    }

    /// Sends `plain` with the CSRF token it needs, traced as sent; when the server refuses the
    /// token (expired, or its session ended), once more with a new one, never more. Returns the
    /// request as last sent and its answer.
    func sendProtected(
        _ plain: HTTPRequest, token: TokenChoice, sending tokenValue: String?, shownToken: String?
    ) async throws -> (HTTPRequest, HTTPResponse) {
        let csrf = await csrfCredential(for: plain, token: token, sending: tokenValue)
        var request = csrf.map { applying($0, to: plain) } ?? plain
        trace?(traceLine(request, shownToken: shownToken))
        let sent = csrfTokens.mark()
        var response = try await transport.send(request)
        guard let policy = api.auth.csrf, policy.applies(to: request.method), shownToken == nil,
            policy.isRefusal(status: response.status, body: response.body)
        else { return (request, response) }
        trace?(traceLine(response, for: request))
        csrfTokens.forget(Self.csrfKey(tokenValue), heldSince: sent)
        guard let fresh = await csrfCredential(for: plain, token: token, sending: tokenValue), fresh != csrf else {
            return (request, response)
        }
        request = applying(fresh, to: plain)
        trace?(traceLine(request, shownToken: shownToken))
        response = try await transport.send(request)
        return (request, response)
    }

    /// `request` with the CSRF token in its header and the cookies of the answer that issued it
    /// beside any it carries (a cookie it already has keeps its value).
    func applying(_ credential: CSRFTokens.Credential, to request: HTTPRequest) -> HTTPRequest {
        guard let policy = api.auth.csrf else { return request }
        var request = request
        request.headers.append((policy.header, policy.headerValue(of: credential.token)))
        for cookie in credential.cookies where request.header("Cookie").flatMap({ CookieHeader.value(of: cookie.name, in: $0) }) == nil {
            CookieHeader.add(cookie.name, cookie.value, to: &request.headers)
        }
        return request
    }

    /// Calls the declared source of CSRF tokens with `token` and reads the one it issues; nil
    /// when it issues none (refused, unreachable, or no endpoint to call).
    func fetchCSRF(_ policy: CSRFPolicy, token: String?) async -> CSRFTokens.Credential? {
        // A source that needs the token issues nothing without one (a login's request).
        guard let id = policy.endpoint, let endpoint = api.endpoint(id), token != nil || !endpoint.requiresToken,
            var request = try? RequestBuilder(api: api, baseURL: baseURL).request(for: endpoint, [:], token: token)
        else { return nil }
        request.endpointID = endpoint.id
        trace?(csrfTraceLine(request))
        guard let response = try? await transport.send(request) else { return nil }
        trace?("← \(response.status) \(endpoint.id) (its CSRF token) \(response.body.count) bytes")
        guard (200..<300).contains(response.status) else { return nil }
        return csrfCredential(issuedBy: response, policy)
    }

    /// The CSRF credential an answer issues, registered as a secret: the token, and the cookies
    /// it set but the session cookie the auth already sends.
    func csrfCredential(issuedBy response: HTTPResponse, _ policy: CSRFPolicy) -> CSRFTokens.Credential? {
        guard let token = policy.token(in: response.body, headers: response.headers) else { return nil }
        // As it came, and as the header sends it (a cookie's `%XX` decoded).
        for secret in Set([token, policy.headerValue(of: token)]) { redactor.register(secret) }
        var session: String?
        if case let .cookie(name) = api.auth.placement { session = name }
        let cookies = CSRFPolicy.cookies(setBy: response.headers).filter { $0.name != session }
        for cookie in cookies { redactor.register(cookie.value) }
        return CSRFTokens.Credential(token: token, cookies: cookies.map { .init(name: $0.name, value: $0.value) })
    }

    /// Holds the CSRF token an answer issued on its own: the declared endpoint's answer when a
    /// request called it, or the CSRF cookie any answer sets (a login's, under the token it
    /// issued), so it need not be fetched, and prints nowhere.
    func watchCSRF(_ response: HTTPResponse, endpoint: AnyEndpoint, sentToken: String?, issuedToken: String?) {
        guard let policy = api.auth.csrf, (200..<400).contains(response.status) else { return }
        let issuer = policy.cookie != nil || endpoint.id == policy.endpoint
        guard issuer, let credential = csrfCredential(issuedBy: response, policy) else { return }
        csrfTokens.store(credential, for: Self.csrfKey(issuedToken ?? sentToken))
    }

    private func csrfTraceLine(_ request: HTTPRequest) -> String {
        "→ \(request.method) \(redactor.display(request.url)) (the CSRF token for unsafe requests)"
    }
}
