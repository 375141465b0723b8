import APICheck
import Foundation
import TestSupport
import Testing

/// ZenML's `GET /api/v1/api_token` answers the token it issues as the whole body, which the
/// import declares `.redacting("$")`. Its dead-token answer, the server's own 401 message, was
/// scrubbed as a secret too, and that message, quoted in every other endpoint's `@expired` mock,
/// became the same gibberish in 81 mocks of one `record`.
@Suite struct ErrorAnswerSecretPathTests {
    @Test func anEndpointsSecretPathsRedactItsSuccessesNotItsErrorAnswers() throws {
        let issuing = Endpoint<JSONValue>(id: "api_token", .get, "api/v1/api_token", mock: "api_token", auth: .token, enveloped: false)
            .redacting("$")
        let projects = Endpoint<JSONValue>(id: "projects", .get, "api/v1/projects", mock: "projects", auth: .token, enveloped: false)
        let api = API(name: "t", envelope: nil, expired: [.status(401)], endpoints: [issuing, projects])
        let token = "eyJhbGciOiJIUzI1NiJ9.aXNzdWVkLXRva2VuLW9mLXRoZS1ydW4.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"
        let refusal = #"{"detail": ["CredentialsNotValid", "Authentication error: error decoding access token"]}"#
        let folder = try TemporaryFolder("apicheck-error-secret-path")
        defer { folder.remove() }
        let candidates = [
            MockCandidate(endpoint: issuing.erased, status: 200, document: .string(token)),
            MockCandidate(
                endpoint: issuing.erased, scenario: ScenarioName.expired, status: 401, document: try JSONParser.parse(Data(refusal.utf8))),
            MockCandidate(
                endpoint: projects.erased, scenario: ScenarioName.expired, status: 401, document: try JSONParser.parse(Data(refusal.utf8))),
        ]
        let results = MockWriter(api: api, directory: folder.url).write(candidates, placeholders: SecretPlaceholders(api: api))
        try #require(results.count == 3 && results.allSatisfy { $0.action == .created }, "\(results.map { ($0.action, $0.findings) })")
        let written = try results.map { try String(contentsOfFile: $0.path, encoding: .utf8) }
        #expect(!written[0].contains(token), "\(written[0])")
        for refused in written.dropFirst() {
            #expect(refused.contains("CredentialsNotValid") && refused.contains("error decoding access token"), "\(refused)")
        }
    }
}
