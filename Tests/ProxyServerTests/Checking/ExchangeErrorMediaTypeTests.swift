import APICheck
import Foundation
@testable import ProxyServer
import Testing

/// An error in the type its endpoint declares for it (Phoenix's `text/plain` 404, beside a JSON
/// error shape the API declares for its other answers) is a failure the proxy judges, not an
/// answer outside the error shape, nor one passed on unchecked for a client that asked for JSON.
@Suite struct ExchangeErrorMediaTypeTests {
    static let project = Endpoint<JSONValue>(id: "getProject", .get, "v1/projects/{id}", mock: "project")
        .answeringErrors([404], in: "text/plain")
    static let user = Endpoint<JSONValue>(id: "getUser", .get, "v1/users/{id}", mock: "user")
    static let api = API(
        name: "phoenixish", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"), endpoints: [project, user])

    static func verdict(_ endpoint: AnyEndpoint, contentType: String, accept: String?) -> ExchangeCheck.AnswerVerdict {
        let check = ExchangeCheck(api: api, mocks: nil, redactor: Redactor(fieldNames: []), cap: 1 << 20)
        let response = HTTPResponse(status: 404, headers: [("Content-Type", contentType)], body: Data("Project nope not found".utf8))
        return check.answer(response, to: endpoint, method: "GET", accept: accept)
    }

    @Test func anErrorInItsDeclaredTypeIsAFailureWithoutFinding() {
        for accept in ["application/json", "*/*", nil] as [String?] {
            let verdict = Self.verdict(Self.project.erased, contentType: "text/plain; charset=utf-8", accept: accept)
            #expect(verdict.findings.isEmpty, "\(accept ?? "none"): \(verdict.findings.map(\.message))")
            #expect(verdict.outcome == "HTTP 404", "\(accept ?? "none")")
        }
    }

    @Test func theSameAnswerWhereNoTypeIsDeclaredIsStillOutsideTheShape() {
        let verdict = Self.verdict(Self.user.erased, contentType: "text/plain", accept: "application/json")
        #expect(verdict.findings.map(\.kind) == [.httpStatus], "\(verdict.findings.map(\.message))")
        let other = Self.verdict(Self.project.erased, contentType: "text/html", accept: "application/json")
        #expect(other.findings.map(\.kind) == [.httpStatus], "\(other.findings.map(\.message))")
    }
}
