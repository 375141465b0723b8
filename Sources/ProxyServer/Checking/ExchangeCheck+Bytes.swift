import APICheck
import Foundation

extension ExchangeCheck {
    /// A success of an endpoint that answers bytes (`BinaryBody`): judged by its status and media
    /// type, as `live` judges one, and never parsed, whatever the bytes hold.
    func bytesAnswer(_ response: HTTPResponse, to endpoint: AnyEndpoint) -> AnswerVerdict {
        var findings: [Finding] = []
        if !endpoint.succeeds(with: response.status) { findings.append(.undeclaredSuccessStatus(response.status, of: endpoint)) }
        let declared = mediaTypes[endpoint.id] ?? []
        if !declared.isEmpty, let answered = response.contentType.flatMap(MediaType.init), !declared.contains(answered) {
            findings.append(.undeclaredMediaType(answered, of: endpoint, declared: declared))
        }
        return AnswerVerdict(outcome: "success", findings: findings)
    }
}
