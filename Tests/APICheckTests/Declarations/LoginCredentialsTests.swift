// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode type spells its field as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation
import Testing

/// A login that takes HTTP Basic credentials (`loginCredentials: .basic`): how it is declared,
/// sent by the app's client, and written by `openapi`.
@Suite struct LoginCredentialsTests {
    struct Tokens: Decodable, Sendable { var access_token: String }
    struct Me: Decodable, Sendable { var id: String }

    static let token = Endpoint<Tokens>(id: "auth.token", .post, "oauth/token", mock: "token", sessionEffect: .logsIn)
    static let me = Endpoint<Me>(id: "account.me", .get, "me", mock: "me", auth: .token)

    static func api(_ auth: AuthPolicy) -> API {
        API(
            name: "gateway", environments: ["local": URL(string: "http://127.0.0.1:9/")!], envelope: .none, auth: auth,
            endpoints: [token, me])
    }

    static let basicLogin = AuthPolicy(
        loginEndpoint: "auth.token", tokenField: "access_token", placement: .bearer,
        accountVariable: "CLIENT_ID", passwordVariable: "CLIENT_SECRET", loginCredentials: .basic)

    @Test func aBasicLoginNeedsNoCredentialParameters() {
        #expect(Self.api(Self.basicLogin).problems.map(\.message) == [])
        var parameters = Self.basicLogin
        parameters.loginCredentials = .parameters
        #expect(Self.api(parameters).problems.map(\.message).filter { $0.contains("takes its sample from $CLIENT_") }.count == 2)
    }

    @Test func basicCredentialsWithoutALoginOrBasicOnEveryRequestBesideALoginAreProblems() {
        let withoutLogin = AuthPolicy(
            loginEndpoint: nil, tokenField: nil, placement: .bearer, tokenVariable: "KEY", loginCredentials: .basic)
        #expect(Self.api(withoutLogin).problems.contains { $0.message.contains("declares no login endpoint") })
        let everyRequest = AuthPolicy(loginEndpoint: "auth.token", tokenField: "access_token", placement: .basic)
        #expect(Self.api(everyRequest).problems.contains { $0.endpoint == "auth.token" && $0.message.contains("loginCredentials: .basic") })
    }

    @Test func theClientSendsTheLoginTheCredentialsItIsGivenAndTheTokenAfter() async throws {
        let api = Self.api(Self.basicLogin)
        let recorder = BasicLoginTransport(answers: [
            "auth.token": HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Data(#"{"access_token": "issued-abc"}"#.utf8)),
            "account.me": HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"id": "1"}"#.utf8)),
        ])
        let client = APIClient(api: api, transport: recorder)
        let credentials = AuthPolicy.basicCredentials(account: "client", password: "s3cret pass")
        let outcome = await client.call(Self.token.erased, token: .explicit(credentials))
        #expect(outcome.error == nil)
        #expect(recorder.requests.last?.header("Authorization") == "Basic " + credentials)
        #expect(client.session.token == "issued-abc")
        _ = await client.call(Self.me.erased)
        #expect(recorder.requests.last?.header("Authorization") == "Bearer issued-abc")
        // The session's token is never sent as credentials.
        _ = await client.call(Self.token.erased)
        #expect(recorder.requests.last?.header("Authorization") == nil)
        #expect(!client.redactor.redact("echo s3cret pass").contains("s3cret pass"))
    }

    @Test func openAPIWritesTheLoginsBasicSchemeBesideTheTokens() throws {
        let document = try OpenAPIDocument(api: Self.api(Self.basicLogin)).build().document
        let schemes = document["components"]?["securitySchemes"]
        #expect(schemes?["token"]?["scheme"] == .string("bearer"))
        #expect(schemes?[OpenAPIDocument.loginSecurityScheme]?["type"] == .string("http"))
        #expect(schemes?[OpenAPIDocument.loginSecurityScheme]?["scheme"] == .string("basic"))
        #expect(document["paths"]?["/oauth/token"]?["post"]?["security"]?[0]?[OpenAPIDocument.loginSecurityScheme] == .array([]))
        #expect(document["paths"]?["/me"]?["get"]?["security"]?[0]?["token"] == .array([]))
    }
}

/// A transport that answers each endpoint with one fixed response and keeps what it was sent.
final class BasicLoginTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    let answers: [String: HTTPResponse]

    init(answers: [String: HTTPResponse]) { self.answers = answers }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        guard let id = request.endpointID, let answer = answers[id] else { throw TransportError(.other, "no answer for \(request.url)") }
        return answer
    }
}
