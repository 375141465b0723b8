extension APIClient {
    /// What became of a call whose token was found dead.
    enum Retry: Sendable {
        /// The token was renewed and the call sent again: its exchange.
        case retried(Exchange)
        /// The session ended; its observers have been told.
        case ended
        /// The refresh got no usable answer; the session keeps its tokens.
        case unavailable(APIError)
    }

    /// Whether an answer sends the call through a refresh: a dead session token, on an API that
    /// declares refresh, from an endpoint other than the refresh itself.
    func renews(_ classification: Classification, _ endpoint: AnyEndpoint, token: TokenChoice) -> Bool {
        guard lifecycle.sendsThroughRefresh(classification), token == .session, endpoint.requiresToken,
            let refresh, refresh.endpoint.id != endpoint.id
        else { return false }
        return true
    }

    /// Renews `dead` (or waits for the refresh another call started), then sends the call once
    /// more with the new token. A second dead answer is final: the caller treats it as expiry.
    func retryAfterRefresh(
        _ endpoint: AnyEndpoint, _ values: [String: ParameterValue], body: (any Sendable)?,
        dead: String
    ) async throws(APIError) -> Retry {
        let session = self.session
        let outcome = await refresher.outcome(
            replacing: dead, current: { session.token },
            refresh: { [self] in
                await refresh(dead, discoveredBy: endpoint)
            })
        switch outcome {
        case let .renewed(token):
            return .retried(try await exchange(endpoint, values, body: body, token: .explicit(token)))
        case .ended:
            return .ended
        case let .unavailable(error):
            return .unavailable(error)
        }
    }

    /// The one refresh of `dead`: calls the refresh endpoint with the session's refresh token and
    /// stores what it answers. A refusal ends the session (observers hear `tokenExpired` from the
    /// endpoint that found the token dead); no answer, or a server fault, keeps it.
    private func refresh(_ dead: String, discoveredBy endpoint: AnyEndpoint) async -> TokenRefresher.Outcome {
        guard let (policy, refreshEndpoint) = refresh, let refreshToken = session.refreshToken else {
            session.notify(.tokenExpired(endpoint: endpoint.id), sentToken: dead)
            return .ended
        }
        redactor.register(refreshToken)
        let exchange: Exchange
        do {
            exchange = try await self.exchange(
                refreshEndpoint, [policy.parameter: .string(refreshToken)],
                token: refreshEndpoint.requiresToken ? .explicit(dead) : .withoutToken)
        } catch {
            return .unavailable(error)
        }
        let interpretation = interpret(exchange, refreshEndpoint)
        if interpretation.value != nil, let token = exchange.issuedToken {
            guard session.renew(token: token, refreshToken: exchange.issuedRefreshToken, replacing: dead) else {
                // A logout or a login overtook the refresh: the session's own state stands.
                return session.token.map(TokenRefresher.Outcome.renewed) ?? .ended
            }
            session.notify(.tokenRefreshed(endpoint: refreshEndpoint.id))
            return .renewed(token)
        }
        if Self.refuses(interpretation.classification) {
            session.notify(.tokenExpired(endpoint: endpoint.id), sentToken: dead)
            return .ended
        }
        return .unavailable(
            interpretation.error
                ?? APIError(
                    endpoint: refreshEndpoint.id,
                    reason: .envelopeMalformed(DecodingFailure(path: .root, expected: "a new access token", found: "none")),
                    source: exchange.source))
    }

    /// Whether a refresh's answer says no to the refresh token (as opposed to a server fault):
    /// a declared failure, logout or dead-token answer, or any other client error status.
    static func refuses(_ classification: Classification) -> Bool {
        switch classification {
        case .failure, .forcedLogout, .tokenExpired:
            return true
        case let .broken(reason):
            switch reason {
            case let .http(status, _, _), let .notJSON(status, _, _, _), let .emptyBody(status): return (400..<500).contains(status)
            default: return false
            }
        case .success:
            return false
        }
    }
}
