@testable import APICheck
import Foundation
import Synchronization
import Testing

/// Where the token comes from and how it travels, beyond a login's payload and a Bearer header: a
/// token issued beforehand (an API key from the environment), a session cookie the login sets, and
/// any `Authorization` scheme. Each gets the probes its API declares, and no more.
@Suite struct TokenPlacementTests {
    struct Me: Decodable, Sendable { var user: String }
    struct Empty: Decodable, Sendable {}

    static let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token)
    static let logout = Endpoint<Empty>(id: "logout", .post, "logout", mock: "logout", auth: .token, sessionEffect: .logsOut)
    static let login = Endpoint<Empty>(
        id: "login", .post, "login",
        parameters: [
            .body("user", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)

    /// A server in memory that knows one token per login, or `key`, read from where `placement`
    /// puts it; a missing token gets 401 `missing`, an unknown one 401 `unknown`.
    final class KeyServer: Transport, Sendable {
        struct State { var live: Set<String>; var logins = 0; var requests: [HTTPRequest] = [] }
        let state: Mutex<State>
        let placement: AuthPolicy.Placement
        init(placement: AuthPolicy.Placement, key: String? = nil) {
            self.placement = placement
            state = Mutex(State(live: key.map { [$0] } ?? []))
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let token = placement.token(in: request)
            return state.withLock { state in
                state.requests.append(request)
                func json(_ text: String, _ status: Int = 200, _ headers: [(name: String, value: String)] = []) -> HTTPResponse {
                    HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
                }
                if request.url.path.hasSuffix("/login") {
                    state.logins += 1
                    let issued = "sess\(state.logins)abcdef0123"
                    state.live.insert(issued)
                    return json("{}", 200, [("Set-Cookie", "sid=\(issued); Path=/; HttpOnly")])
                }
                guard let token else { return json(#"{"code": "missing"}"#, 401) }
                guard state.live.contains(token) else { return json(#"{"code": "unknown"}"#, 401) }
                if request.url.path.hasSuffix("/logout") {
                    state.live.remove(token)
                    return json("{}")
                }
                return json(#"{"user": "ada"}"#)
            }
        }
    }

    static func api(_ auth: AuthPolicy, _ endpoints: [any EndpointConvertible]) -> API {
        API(
            name: "keys", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"),
            expired: [.status(401, code: "unknown")], auth: auth, endpoints: endpoints)
    }

    func run(_ api: API, _ server: KeyServer, environment: [String: String], probes: Bool = true) async -> Report {
        await LiveCheck(
            api: api, transport: server,
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: environment, probes: probes)
        ).run()
    }

    @Test func aTokenIssuedBeforehandIsSentProbedAndNeverLoggedOut() async throws {
        let auth = AuthPolicy.preIssued(
            variable: "KEYS_TOKEN", placement: .scheme("token"),
            missingToken: .signals([.status(401, code: "missing")]))
        let api = Self.api(auth, [Self.me, Self.logout])
        #expect(api.problems.isEmpty)
        let server = KeyServer(placement: .scheme("token"), key: "key-0123456789")
        let report = await run(api, server, environment: ["KEYS_TOKEN": "key-0123456789"])
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(report.probeResults.map(\.name).sorted() == ["probe missing-token me", "probe token-expired me"])
        // `Authorization: token <key>`, and the key never logged out: the run did not open it.
        #expect(server.state.withLock { $0.requests }.contains { $0.header("Authorization") == "token key-0123456789" })
        #expect(server.state.withLock { $0.live }.contains("key-0123456789"))
        #expect(report.results.allSatisfy { $0.name != "logout" })
        #expect(report.runFindings.map(\.message) == ["logout is not checked: it would end the token issued beforehand ($KEYS_TOKEN)"])
        #expect(!JSONReport.render(report, context: RenderContext(tool: "apicheck")).contains("key-0123456789"))
        // The reproduce command sends the key from the variable a person already has set.
        let command = try #require(report.results.first { $0.name == "me" }?.request.map(ReproduceCommand.curl))
        #expect(command.contains(#"-H 'Authorization: token '"$KEYS_TOKEN""#), "\(command)")
    }

    @Test func aTokenIssuedBeforehandThatIsNotSetIsOneClearFinding() async {
        let api = Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [Self.me])
        let report = await run(api, KeyServer(placement: .bearer), environment: [:])
        #expect(
            report.runFindings.map(\.message) == [
                "the API's token comes from the environment variable KEYS_TOKEN, which is not set; endpoints that need the token were not checked"
            ])
    }

    /// A token set but wrong is tried on one endpoint, alone: the refusal is the run's one
    /// finding, as refused credentials are, and the other endpoints are not checked (nor probed);
    /// the right token passes them all.
    @Test func aTokenIssuedBeforehandThatIsRefusedIsOneFindingAndTheRestIsNotChecked() async {
        let rename = Endpoint<Me>(id: "rename", .post, "rename", mock: "rename", auth: .token)
        let profile = Endpoint<Me>(id: "profile", .get, "profile", mock: "profile", auth: .token)
        let api = Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [rename, Self.me, profile])
        let server = KeyServer(placement: .bearer, key: "key-0123456789")
        let wrong = await run(api, server, environment: ["KEYS_TOKEN": "key-9876543210"])
        #expect(
            wrong.allFindings.map(\.message) == [
                "the token issued beforehand in $KEYS_TOKEN was refused by me (HTTP 401, tokenExpired); check it; "
                    + "3 endpoints that need it were not checked"
            ])
        #expect(wrong.allFindings.first?.kind == .credentials)
        #expect(wrong.endpointResults.map(\.name) == ["rename", "me", "profile"])
        #expect(wrong.endpointResults.allSatisfy { $0.skipped == "the token in $KEYS_TOKEN was refused" })
        #expect(wrong.probeResults.isEmpty)
        // As for refused credentials: the run could not do its job (exit code 2).
        #expect(wrong.verdict == .incomplete)
        // The wrong token went out once, to the GET that tried it; the POST never saw it.
        #expect(server.state.withLock { $0.requests }.map(\.url.path) == ["/me"])
        #expect(!JSONReport.render(wrong, context: RenderContext(tool: "apicheck")).contains("key-9876543210"))
        #expect(!TextReport.render(wrong, context: RenderContext(tool: "apicheck")).contains("key-9876543210"))

        let right = await run(api, KeyServer(placement: .bearer, key: "key-0123456789"), environment: ["KEYS_TOKEN": "key-0123456789"])
        #expect(right.verdict == .holds, "\(right.allFindings.map(\.message))")
        #expect(right.endpointResults.map(\.name) == ["rename", "me", "profile"])
        #expect(right.endpointResults.allSatisfy { $0.passed })
        #expect(right.probeResults.map(\.name).sorted() == ["probe token-expired me", "probe token-expired profile"])
    }

    /// A trial whose answer says nothing of the token (an HTML page the document calls JSON,
    /// answered whatever the key) is no verdict: another GET tries the key, and a wrong one is
    /// still the run's one finding, not a 401 on every endpoint.
    @Test func aTrialAnsweredWithAPageTriesAnotherEndpoint() async {
        struct Page: Transport {
            let keys: KeyServer
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                guard request.url.path.hasSuffix("/ui") else { return try await keys.send(request) }
                return HTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html></html>".utf8))
            }
        }
        let page = Endpoint<Me>(id: "ui", .get, "ui", mock: "ui", auth: .token)
        let profile = Endpoint<Me>(id: "profile", .get, "profile", mock: "profile", auth: .token)
        let api = Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [page, Self.me, profile])
        let server = KeyServer(placement: .bearer, key: "key-0123456789")
        let wrong = await LiveCheck(
            api: api, transport: Page(keys: server),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": "key-9876543210"], probes: false)
        ).run()
        #expect(
            wrong.allFindings.map(\.message) == [
                "the token issued beforehand in $KEYS_TOKEN was refused by me (HTTP 401, tokenExpired); check it; "
                    + "3 endpoints that need it were not checked"
            ])
        #expect(wrong.verdict == .incomplete)
        #expect(server.state.withLock { $0.requests }.map(\.url.path) == ["/me"])

        let right = await LiveCheck(
            api: api, transport: Page(keys: KeyServer(placement: .bearer, key: "key-0123456789")),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": "key-0123456789"], probes: false)
        ).run()
        // The page is the one real finding; the key works everywhere else.
        #expect(right.endpointResults.filter { !$0.passed }.map(\.name) == ["ui"], "\(right.allFindings.map(\.message))")
        #expect(!right.allFindings.contains { $0.kind == .credentials })
    }

    /// A first GET that answers without the token as well (a public root or version the document
    /// says needs the token) says nothing of the key: a deeper GET tries it, and a wrong key is
    /// the run's one finding.
    @Test func aTrialThatAnswersWithoutTheTokenTooTriesADeeperEndpoint() async {
        struct PublicRoot: Transport {
            let keys: KeyServer
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                guard request.url.path.hasSuffix("/version") else { return try await keys.send(request) }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"user": "-"}"#.utf8))
            }
        }
        let version = Endpoint<Me>(id: "version", .get, "version", mock: "version", auth: .token)
        let profile = Endpoint<Me>(
            id: "profile", .get, "users/{id}/profile", parameters: [.path("id", .int, sample: .literal(1))], mock: "profile", auth: .token)
        let api = Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [version, Self.me, profile])
        let server = KeyServer(placement: .bearer, key: "key-0123456789")
        let wrong = await LiveCheck(
            api: api, transport: PublicRoot(keys: server),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": "key-9876543210"], probes: false)
        ).run()
        #expect(
            wrong.allFindings.map(\.message) == [
                "the token issued beforehand in $KEYS_TOKEN was refused by profile (HTTP 401, tokenExpired); check it; "
                    + "3 endpoints that need it were not checked"
            ])
        #expect(server.state.withLock { $0.requests }.map(\.url.path) == ["/users/1/profile"])

        let right = await LiveCheck(
            api: api, transport: PublicRoot(keys: KeyServer(placement: .bearer, key: "key-0123456789")),
            options: LiveOptions(
                baseURL: URL(string: "http://keys.invalid/")!, environment: ["KEYS_TOKEN": "key-0123456789"], probes: false)
        ).run()
        #expect(right.verdict == .holds, "\(right.allFindings.map(\.message))")
    }

    /// Basic credentials are sent again from the account's and the password's variables, which a
    /// person has set: no one keeps their base64 in a variable of its own.
    @Test func basicCredentialsAreReproducedFromTheirVariables() async throws {
        let api = Self.api(.basic(accountVariable: "KEYS_USER", passwordVariable: "KEYS_PASSWORD"), [Self.me])
        let credentials = AuthPolicy.basicCredentials(account: "ada", password: "pw-0123456789")
        let report = await run(
            api, KeyServer(placement: .basic, key: credentials), environment: ["KEYS_USER": "ada", "KEYS_PASSWORD": "pw-0123456789"],
            probes: false)
        let command = try #require(report.results.first { $0.name == "me" }?.request.map(ReproduceCommand.curl))
        #expect(command.contains(#" -u "$KEYS_USER"':'"$KEYS_PASSWORD""#), "\(command)")
        #expect(!command.contains("Authorization"), "\(command)")
    }

    /// Basic credentials that are refused are called what they are, an account and a password.
    @Test func refusedBasicCredentialsAreNotCalledAToken() async {
        let api = Self.api(.basic(accountVariable: "KEYS_USER", passwordVariable: "KEYS_PASSWORD"), [Self.me])
        let credentials = AuthPolicy.basicCredentials(account: "ada", password: "pw-0123456789")
        let report = await run(
            api, KeyServer(placement: .basic, key: credentials), environment: ["KEYS_USER": "ada", "KEYS_PASSWORD": "pw-wrong-0000"])
        #expect(
            report.allFindings.map(\.message) == [
                "the account and password in $KEYS_USER and $KEYS_PASSWORD were refused by me "
                    + "(HTTP 401, tokenExpired); check them; 1 endpoint that needs them was not checked"
            ])
        let refused: SkipReason = "the account and password in $KEYS_USER and $KEYS_PASSWORD were refused"
        #expect(report.endpointResults.allSatisfy { $0.skipped == refused })
    }

    @Test func aSessionCookieTheLoginSetsIsSentBackAndEndedAfterTheRun() async {
        let auth = AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .cookie("sid"), loggedOutToken: .deadToken)
        let api = Self.api(auth, [Self.login, Self.me, Self.logout])
        let server = KeyServer(placement: .cookie("sid"))
        let report = await run(api, server, environment: ["APICHECK_ACCOUNT": "ada", "APICHECK_PASSWORD": "pw"])
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(report.probeResults.map(\.name).sorted() == ["probe logged-out me", "probe token-expired me"])
        #expect(server.state.withLock { $0.requests }.contains { $0.header("Cookie") == "sid=sess1abcdef0123" })
        // Every session the run opened is over.
        #expect(server.state.withLock { $0.live }.isEmpty)
    }

    @Test func withoutALogoutEndpointTheRunSaysItLeavesItsSessionsOpen() async {
        let auth = AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .cookie("sid"))
        let report = await run(
            Self.api(auth, [Self.login, Self.me]), KeyServer(placement: .cookie("sid")),
            environment: ["APICHECK_ACCOUNT": "ada", "APICHECK_PASSWORD": "pw"], probes: false)
        #expect(
            report.runFindings.map(\.message)
                == ["the run opened 1 session (through login) and cannot end it: the API declares no logout endpoint"])
        #expect(report.runFindings.first?.severity == .info)
        #expect(report.verdict == .holds)
    }

    @Test func openAPINamesEachPlacementAsASecurityScheme() throws {
        let cookie = OpenAPIDocument(
            api: Self.api(
                AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .cookie("sid")),
                [Self.login, Self.me]))
        let key = OpenAPIDocument(api: Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .header("X-Api-Key", prefix: "")), [Self.me]))
        #expect(cookie.securitySchemeValue?["in"] == .string("cookie"))
        #expect(cookie.securitySchemeValue?["name"] == .string("sid"))
        #expect(key.securitySchemeValue?["in"] == .string("header"))
        #expect(key.securitySchemeValue?["name"] == .string("X-Api-Key"))
    }

    /// Superset: 73 endpoints whose path sample was unset were not sent, and then their dead-token
    /// probes were sent without the value and failed as `invalid-request`. A probe of an endpoint
    /// that cannot be sent is skipped, as the endpoint is.
    @Test func aProbeOfAnEndpointWithoutItsSampleIsSkipped() async throws {
        let item = Endpoint<Me>(
            id: "item", .get, "items/{id}", parameters: [.path("id", .string, sample: .environment("KEYS_ITEM", fallback: nil))],
            mock: "item", auth: .token)
        let api = Self.api(.preIssued(variable: "KEYS_TOKEN", placement: .bearer), [Self.me, item])
        let server = KeyServer(placement: .bearer, key: "key-0123456789")
        let report = await run(api, server, environment: ["KEYS_TOKEN": "key-0123456789"])
        let own = report.results.first { $0.name == "item" }
        #expect(own?.skipped?.rawValue == "'id' comes from $KEYS_ITEM, which is not set: set it to a value the server holds")
        let probes = report.probeResults.filter { $0.name.hasSuffix(" item") }
        #expect(!probes.isEmpty && probes.allSatisfy { $0.skipped == .sampleMissing && $0.findings.isEmpty }, "\(probes)")
        #expect(!server.state.withLock { $0.requests }.contains { $0.url.path.contains("items") })
    }
}
