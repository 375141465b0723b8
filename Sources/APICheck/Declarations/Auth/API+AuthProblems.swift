extension API {
    /// Auth promises that cannot hold as declared: a refresh endpoint that is not there, does not
    /// refresh or takes no refresh token; a token issued beforehand beside a login; a probe
    /// opted out that does not exist for the API; a refusal promised as "accepted".
    var authProblems: [Finding] {
        var problems: [Finding] = []
        func problem(_ endpoint: String, _ message: String) {
            problems.append(Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint, message: message))
        }
        if let variable = auth.tokenVariable, let login = auth.loginEndpoint {
            problem(login, "the auth policy logs in through '\(login)' and takes a token issued beforehand from $\(variable); declare one")
        }
        if auth.loginCredentials == .basic, auth.loginEndpoint == nil {
            problem(name, "loginCredentials: .basic sends Basic credentials to a login, but the auth policy declares no login endpoint")
        }
        if auth.placement == .basic, let login = auth.loginEndpoint {
            problem(
                login,
                "placement: .basic sends Basic credentials on every request, so there is no token for '\(login)' to issue; "
                    + "for a login that takes Basic credentials and answers a token, declare the token's placement and loginCredentials: .basic"
            )
        }
        if let refresh = auth.refresh {
            if auth.loginEndpoint == nil {
                problem(
                    refresh.endpoint,
                    "the auth policy refreshes through '\(refresh.endpoint)' but declares no login endpoint to get a refresh token from")
            }
            if let endpoint = endpoint(refresh.endpoint) {
                if endpoint.sessionEffect != .refreshes {
                    problem(
                        endpoint.id, "the auth policy refreshes through \(endpoint.id), which is not declared sessionEffect: .refreshes")
                }
                for message in refreshTokenCarrierProblems(refresh, endpoint) { problem(endpoint.id, message) }
            } else {
                problem(refresh.endpoint, "the auth policy refreshes through '\(refresh.endpoint)', which is not declared")
            }
            if !declaresDeadTokenAnswer {
                problem(
                    refresh.endpoint,
                    "the auth policy refreshes through '\(refresh.endpoint)', but the API declares no dead-token answer "
                        + "(expired: [.status(401)], or the envelope's expiredCodes or expiredHTTPStatuses): no answer reads as a "
                        + "dead token, so neither live nor the client ever renews the session; declare the server's")
            }
            if refresh.refusedRefreshToken == .accepted {
                problem(refresh.endpoint, "a refused refresh token cannot be answered with a success (refusedRefreshToken: .accepted)")
            }
        }
        for endpoint in endpoints where endpoint.sessionEffect == .refreshes && auth.refresh?.endpoint != endpoint.id {
            problem(
                endpoint.id,
                "is declared sessionEffect: .refreshes, but the auth policy's refresh names "
                    + (auth.refresh.map { "'\($0.endpoint)'" } ?? "no endpoint (refresh: RefreshPolicy(endpoint: \"\(endpoint.id)\", …))"))
        }
        if let csrf = auth.csrf, let id = csrf.endpoint {
            if let endpoint = endpoint(id) {
                if !endpoint.method.isSafe {
                    problem(
                        id,
                        "the CSRF token comes from \(id), a \(endpoint.method) that would itself need the token; declare the GET that issues it"
                    )
                }
            } else {
                problem(id, "the auth policy takes its CSRF token from '\(id)', which is not declared")
            }
        }
        for answer in [("missingToken", auth.missingToken), ("loggedOutToken", auth.loggedOutToken)] where answer.1 == .accepted {
            problem(
                name,
                "\(answer.0): .accepted promises that a token the server must refuse works; leave it nil when the API promises nothing")
        }
        return problems
    }
}
