/// Endpoints declared `endingIdentity()`: Mayan EDMS's `DELETE /api/v4/users/current/`, sent
/// among the other writes, deleted the account the run logged in as; every later check was
/// refused, and the account had to be made again by hand before the next run. A run leaves them
/// out unless `--only` names them, and then sends them after everything else.
extension LivePlan {
    /// Why a selected endpoint that ends the identity the run calls as has no step, and how to
    /// check it.
    static func identityNote(_ endpoint: AnyEndpoint) -> String {
        "\(endpoint.id) is not checked: it is declared endingIdentity() (it deletes or disables the account the run "
            + "calls as, or changes the credentials it logs in with), and every later check would be refused; check it "
            + "alone, on an account that may be lost, with --only \(endpoint.id)"
    }

    /// Each endpoint `--only` named that ends the identity the run calls as, one at a time after
    /// every other step (the sessions' logouts included): with a login, on a session of its own,
    /// as what it ends is then the account's last use in the run; else with the token issued
    /// beforehand.
    mutating func planIdentityEndings(_ endings: [AnyEndpoint], api: API, checks: [String: LiveStep.ID]) {
        var previous = Set(steps.map(\.id))
        let loginEndpoint = api.auth.loginEndpoint.flatMap(api.endpoint)
        for endpoint in endings {
            var token = LiveStep.TokenNeed.nothing
            if endpoint.requiresToken, let loginEndpoint {
                let own = add(.check(loginEndpoint, reported: false), .nothing, checks, after: previous)
                previous = [own]
                token = .live(issuedBy: own)
            } else if endpoint.requiresToken {
                let issued = login ?? add(.preIssuedToken(variable: api.auth.beforehandVariables), .nothing, checks, after: previous)
                token = .live(issuedBy: issued)
            }
            previous = [add(.check(endpoint, reported: true), token, checks, after: previous)]
        }
    }
}
