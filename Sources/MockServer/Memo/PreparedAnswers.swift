import Foundation
import HTTPServer
import Synchronization

/// The answers built from one mock body, kept so that each is laid out once rather than per
/// request (`PreparedResponse`). A body read again after an edit comes with a fresh set, so an
/// answer never outlives the bytes it was built from. Keyed by status and headers: the same body
/// with the same status and headers is the same answer, whatever produced them.
final class PreparedAnswers: Sendable {
    private struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var prepared: PreparedResponse
    }

    /// Answers one body may keep. Its headers come from the server, not the client (endpoint,
    /// scenario), so a handful is all there is; past the cap answers are built per request.
    static let capacity = 16

    private let answers = Mutex<[Answer]>([])

    /// `response` with its prepared answer attached, built on first use.
    func attach(to response: ServerResponse) -> ServerResponse {
        var response = response
        response.prepared = prepared(for: response)
        return response
    }

    private func prepared(for response: ServerResponse) -> PreparedResponse? {
        if let known = answers.withLock({ $0.first { Self.same($0, response) }?.prepared }) { return known }
        guard let built = PreparedResponse(response) else { return nil }
        return answers.withLock { answers in
            // Another thread may have built it meanwhile: keep one.
            if let known = answers.first(where: { Self.same($0, response) }) { return known.prepared }
            guard answers.count < Self.capacity else { return built }
            answers.append(Answer(status: response.status, headers: response.headers, prepared: built))
            return built
        }
    }

    private static func same(_ answer: Answer, _ response: ServerResponse) -> Bool {
        answer.status == response.status && answer.headers.count == response.headers.count
            && zip(answer.headers, response.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
