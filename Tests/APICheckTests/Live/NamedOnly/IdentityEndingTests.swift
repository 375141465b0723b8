@testable import APICheck
import Foundation
import Synchronization
import Testing

/// An endpoint declared `endingIdentity()` deletes the account the run calls as, or changes its
/// password: a full run leaves it out, saying how to check it, and the account is still there
/// after the run. `--only` naming it checks it, after everything else, on a login of its own.
@Suite struct IdentityEndingTests {
    struct Me: Decodable, Sendable { var user: String }

    struct Issued: Decodable, Sendable { var token: String }

    static let login = Endpoint<Issued>(
        id: "login", .post, "login",
        parameters: [
            .body("user", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    static let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token)
    static let rename = Endpoint<Me>(id: "rename", .put, "me/name", mock: "me", auth: .token)
    static let deleteMe = Endpoint<NoContent>(id: "deleteMe", .delete, "me", mock: "deleteMe", auth: .token, successStatus: 204)
        .endingIdentity()

    /// One account: a login issues a token while it exists; deleting it ends every token, and
    /// later logins are refused.
    final class AccountServer: Transport, Sendable {
        struct State { var exists = true; var tokens: Set<String> = []; var requests: [String] = [] }
        let state: Mutex<State>
        init(key: String? = nil) { state = Mutex(State(tokens: key.map { [$0] } ?? [])) }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let token = AuthPolicy.Placement.bearer.token(in: request)
            return state.withLock { state in
                let line = "\(request.method.rawValue) \(request.url.path)"
                state.requests.append(line)
                func answer(_ status: Int, _ text: String = "") -> HTTPResponse {
                    HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
                }
                if line == "POST /login" {
                    guard state.exists else { return answer(400, #"{"code": "no such account"}"#) }
                    let issued = "tok\(state.requests.count)abcdef0123"
                    state.tokens.insert(issued)
                    return answer(200, #"{"token": "\#(issued)"}"#)
                }
                guard state.exists, let token, state.tokens.contains(token) else { return answer(401, #"{"code": "unknown"}"#) }
                if line == "DELETE /me" {
                    state.exists = false
                    state.tokens = []
                    return answer(204)
                }
                return answer(200, #"{"user": "ada"}"#)
            }
        }
    }

    static func api(_ auth: AuthPolicy) -> API {
        API(
            name: "accounts", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            expired: [.status(401, code: "unknown")], auth: auth, endpoints: [login, me, rename, deleteMe])
    }
    static let loginAuth = AuthPolicy(loginEndpoint: "login", tokenField: "token", placement: .bearer)
    static let account = ["APICHECK_ACCOUNT": "ada", "APICHECK_PASSWORD": "pw"]

    func run(_ api: API, _ server: AccountServer, only: Set<String>? = nil, named: Set<String>? = nil, environment: [String: String])
        async -> Report
    {
        var options = LiveOptions(baseURL: URL(string: "http://accounts.invalid/")!, only: only, environment: environment)
        options.identityEndingsNamed = named
        return await LiveCheck(api: api, transport: server, options: options).run()
    }

    @Test func aFullRunLeavesTheAccountAndSaysHowToCheckTheEnding() async {
        let server = AccountServer()
        let report = await run(Self.api(Self.loginAuth), server, environment: Self.account)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(server.state.withLock { $0.exists && !$0.requests.contains("DELETE /me") })
        #expect(report.endpointResults.map(\.name).sorted() == ["login", "me", "rename"])
        #expect(report.runFindings.map(\.message).contains(LivePlan.identityNote(Self.deleteMe.erased)))
        #expect(LivePlan.identityNote(Self.deleteMe.erased).hasSuffix("with --only deleteMe"))
    }

    @Test func namedByOnlyItRunsLastOnALoginOfItsOwn() async {
        let server = AccountServer()
        let report = await run(Self.api(Self.loginAuth), server, only: ["me", "rename", "deleteMe"], environment: Self.account)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(report.endpointResults.map(\.name).sorted() == ["deleteMe", "me", "rename"])
        #expect(report.endpointResults.allSatisfy { $0.passed }, "\(report.endpointResults.map { ($0.name, $0.skipped) })")
        let requests = server.state.withLock { $0.requests }
        #expect(requests.suffix(2) == ["POST /login", "DELETE /me"], "\(requests)")
        #expect(!server.state.withLock { $0.exists })
    }

    /// Named alone, it still has the session's login before it, which the report does not count.
    @Test func namedAloneItNeedsNoOtherCheck() async {
        let server = AccountServer()
        let report = await run(Self.api(Self.loginAuth), server, only: ["deleteMe"], environment: Self.account)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(report.endpointResults.map(\.name) == ["deleteMe"])
        #expect(report.endpointResults.first?.passed == true)
        #expect(!server.state.withLock { $0.exists })
    }

    /// A shard's cut is no naming: without `--only`, a shard that holds it leaves it out too.
    @Test func aSelectionThatDoesNotNameItLeavesItOut() async {
        let server = AccountServer()
        let report = await run(Self.api(Self.loginAuth), server, only: ["me", "deleteMe"], named: [], environment: Self.account)
        #expect(server.state.withLock { $0.exists && !$0.requests.contains("DELETE /me") })
        #expect(report.endpointResults.map(\.name) == ["me"])
    }

    @Test func withATokenIssuedBeforehandNamedAloneItSendsThatToken() async {
        let server = AccountServer(key: "key-0123456789")
        let api = Self.api(.preIssued(variable: "ACCOUNTS_TOKEN", placement: .bearer))
        let report = await run(api, server, only: ["deleteMe"], environment: ["ACCOUNTS_TOKEN": "key-0123456789"])
        #expect(report.endpointResults.map(\.name) == ["deleteMe"])
        #expect(report.endpointResults.first?.passed == true, "\(report.allFindings.map(\.message))")
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(!server.state.withLock { $0.exists })
    }
}
