import APICheck
import Foundation
import HTTPServer

extension ExchangeCheck {
    /// A HEAD's answer, judged by its status as `live` judges one: HTTP gives it no body, so there
    /// is no JSON, error shape or drift to read. A success under a status the endpoint does not
    /// declare is found, a dead-token status is the session's signal, and a server error is found
    /// unless an error check declares it. Another error status is an outcome the app got, named
    /// by its status, as a GET's is where no body says more: a registry's 404 to a client asking
    /// whether a blob is there yet is an everyday answer, not a fault.
    func headAnswer(_ response: HTTPResponse, to endpoint: AnyEndpoint) -> AnswerVerdict {
        let status = response.status
        let rules = rules[endpoint.id] ?? api.rules(for: endpoint)
        if rules.isSuccess(status: status) {
            let findings = endpoint.succeeds(with: status) ? [] : [Finding.undeclaredSuccessStatus(status, of: endpoint)]
            return AnswerVerdict(outcome: "success", findings: findings)
        }
        let (classification, _) = Classification.of(
            status: status, contentType: response.contentType, body: Data(), rules: rules, redactor: redactor)
        switch classification {
        case .tokenExpired, .forcedLogout: return AnswerVerdict(outcome: classification.name, findings: [])
        default: break
        }
        guard status >= 500, !endpoint.errorChecks.contains(where: { $0.status == status }) else {
            return AnswerVerdict(outcome: "HTTP \(status)", findings: [])
        }
        return AnswerVerdict(
            outcome: "HTTP \(status)",
            findings: [
                Finding(
                    kind: .httpStatus, severity: .error, endpoint: endpoint.id, expected: endpoint.successStatusText,
                    found: "HTTP \(status)", message: "the server failed a HEAD with HTTP \(status)")
            ])
    }
}
