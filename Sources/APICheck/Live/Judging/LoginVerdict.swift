import Foundation

/// What the session's login means for the rest of the run. A target that cannot be reached stops
/// it (one timeout per endpoint would add nothing); refused credentials are a configuration
/// problem, not a contract violation.
enum LoginVerdict: Sendable, Equatable {
    case loggedIn, unreachable, credentialsRefused, noToken

    /// Judges the login's result; returns the verdict, the result as the report shows it, and
    /// the run finding that explains a failure.
    static func judge(
        _ result: CheckResult, token: String?, login: AnyEndpoint, api: API, target: String,
        mocks: MockDirectory?
    ) -> (LoginVerdict, CheckResult, Finding?) {
        var result = result
        if let cause = result.findings.first(where: LiveCheck.meansUnreachable) {
            return (
                .unreachable, result,
                Finding(
                    kind: .unreachable, severity: .error, category: .harness, endpoint: login.id,
                    message: "cannot reach \(target): login through \(login.id) failed: \(cause.message)")
            )
        }
        if token != nil { return (.loggedIn, result, nil) }
        let refusalCodes = mocks?.refusalCodes(of: login) ?? []
        if let refusal = result.findings.first(where: { finding in
            (finding.kind == .serverCode && (refusalCodes.isEmpty || refusalCodes.contains { $0.description == finding.found }))
                || (finding.kind == .httpStatus && [401, 403].contains(result.status ?? 0))
        }) {
            result.findings = result.findings.map { finding in
                var finding = finding
                if finding.kind == refusal.kind { finding.category = .harness }
                return finding
            }
            return (
                .credentialsRefused, result,
                Finding(
                    kind: .credentials, severity: .error, category: .harness, endpoint: login.id,
                    message: "\(login.id) refused the account in \(api.auth.accountVariable) and "
                        + "\(api.auth.passwordVariable) (\(refusal.message)); check the credentials; "
                        + "endpoints that need the token were not checked")
            )
        }
        // A login answer without a token breaks the contract; say so even when the login
        // endpoint itself is not among those selected for the report.
        let broken = result.findings.contains { $0.severity == .error && $0.category == .contract }
        return (
            .noToken, result,
            Finding(
                kind: .login, severity: .error, category: broken ? .contract : .harness, endpoint: login.id,
                message: "login through \(login.id) gave no token ("
                    + (result.findings.first?.message ?? result.skipped?.rawValue ?? "no token in the answer")
                    + "); endpoints that need the token were not checked")
        )
    }
}
