// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation
import Synchronization
import Testing

/// The auth probes follow what the API declares: a multi-device server that keeps earlier tokens
/// valid gets no "revoked by a second login" probe, and no probe reaches an endpoint that acts
/// unless its declaration opts it in.
@Suite struct AuthPromiseTests {
    struct Login: Decodable, Sendable { var access_token: String }
    struct Me: Decodable, Sendable { var user_id: String }
    struct Created: Decodable, Sendable { var room_id: String }
    struct Empty: Decodable, Sendable {}

    static let login = Endpoint<Login>(
        id: "login", .post, "login",
        parameters: [
            .body("user", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", enveloped: false, sessionEffect: .logsIn)
    static let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token, enveloped: false)
    static let create = Endpoint<Created>(id: "rooms.create", .post, "rooms", mock: "create", auth: .token, enveloped: false)
    static let logout = Endpoint<Empty>(
        id: "logout", .post, "logout", mock: "logout", auth: .token, enveloped: false,
        sessionEffect: .logsOut)

    static func api(revokes: Bool, endpoints: [any EndpointConvertible] = [login, me, create, logout]) -> API {
        API(
            name: "chat", envelope: EnvelopePolicy(expiredHTTPStatuses: [401]),
            auth: AuthPolicy(
                loginEndpoint: "login", tokenField: "access_token", placement: .bearer, revokesEarlierTokens: revokes,
                loggedOutToken: .deadToken),
            endpoints: endpoints)
    }

    /// A chat server in memory: every login is a device of its own and stays valid beside the
    /// others; logout ends one token; `rooms` creates a room per accepted request. With
    /// `acceptsAnyToken` it wrongly takes any bearer token on `rooms`.
    final class ChatServer: Transport, Sendable {
        struct State { var tokens: Set<String> = []; var issued = 0; var rooms = 0 }
        let state = Mutex(State())
        let acceptsAnyToken: Bool
        /// The error code a dead token gets.
        let deadTokenCode: String
        init(acceptsAnyToken: Bool = false, deadTokenCode: String = "M_UNKNOWN_TOKEN") {
            self.acceptsAnyToken = acceptsAnyToken
            self.deadTokenCode = deadTokenCode
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let token = request.header("Authorization").map { String($0.dropFirst("Bearer ".count)) }
            return state.withLock { state in
                func json(_ text: String, _ status: Int = 200) -> HTTPResponse {
                    HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
                }
                let path = request.url.path
                if path.hasSuffix("/login") {
                    state.issued += 1
                    let token = "syt_device_\(state.issued)_abcdef"
                    state.tokens.insert(token)
                    return json(#"{"access_token": "\#(token)"}"#)
                }
                let live = token.map { state.tokens.contains($0) } ?? false
                if path.hasSuffix("/rooms"), live || (acceptsAnyToken && token != nil) {
                    state.rooms += 1
                    return json(#"{"room_id": "!r\#(state.rooms):example"}"#)
                }
                guard live, let token else { return json(#"{"errcode": "\#(deadTokenCode)", "error": "Invalid access token"}"#, 401) }
                if path.hasSuffix("/logout") {
                    state.tokens.remove(token)
                    return json("{}")
                }
                return json(#"{"user_id": "@alice:example"}"#)
            }
        }
    }

    func run(_ api: API, on server: ChatServer, only: Set<String>? = nil, probes: Bool = true) async -> Report {
        await LiveCheck(
            api: api, transport: server,
            options: LiveOptions(
                baseURL: URL(string: "http://chat.invalid/")!, only: only,
                environment: ["APICHECK_ACCOUNT": "alice", "APICHECK_PASSWORD": "pw"], probes: probes)
        ).run()
    }

    /// Every login is a session that stays open on such a server: the run ends each it opened,
    /// with probes or without, whether or not the logout itself is checked.
    /// Probes on or off, and every endpoint or only one that is not the logout.
    struct Selection: Sendable, CustomTestStringConvertible {
        let probes: Bool
        let only: Set<String>?
        var testDescription: String {
            (probes ? "with probes, " : "without probes, ")
                + (only.map { "--only " + $0.sorted().joined(separator: ",") } ?? "every endpoint")
        }
    }

    @Test(arguments: [
        Selection(probes: true, only: nil), Selection(probes: false, only: nil),
        Selection(probes: true, only: ["me"]), Selection(probes: false, only: ["me"]),
    ])
    func aRunEndsEverySessionItOpened(_ selection: Selection) async {
        let (probes, only) = (selection.probes, selection.only)
        let server = ChatServer()
        let report = await run(Self.api(revokes: false), on: server, only: only, probes: probes)
        #expect(report.verdict == .holds)
        #expect(server.state.withLock { $0.issued } >= 1)
        #expect(server.state.withLock { $0.tokens }.isEmpty)
    }

    func probeNames(_ report: Report) -> [String] { report.probeResults.map(\.name).sorted() }

    @Test func aServerThatKeepsEarlierTokensHasNoRevocationProbeAndNoFinding() async {
        let report = await run(Self.api(revokes: false), on: ChatServer())
        #expect(report.allFindings.map(\.summaryLine) == [])
        #expect(report.verdict == .holds)
        #expect(probeNames(report) == ["probe logged-out me", "probe token-expired me"])
    }

    @Test func aDeclaredRevocationIsProbedAndABrokenPromiseFound() async {
        let report = await run(Self.api(revokes: true), on: ChatServer())
        #expect(probeNames(report) == ["probe logged-out me", "probe revoked-token me", "probe token-expired me"])
        #expect(report.allFindings.map(\.kind) == [.probeRevokedToken])
        #expect(report.verdict == .violated)
    }

    @Test func probesLeaveAnEndpointThatActsAloneEvenWhenTheServerWronglyAcceptsTheirTokens() async {
        let server = ChatServer(acceptsAnyToken: true)
        let report = await run(Self.api(revokes: false), on: server)
        #expect(!report.probeResults.contains { $0.endpoint == "rooms.create" || $0.endpoint == "logout" })
        // Its own check created one room; no probe created another.
        #expect(server.state.withLock { $0.rooms } == 1)
        #expect(report.verdict == .holds)
    }

    @Test func anEndpointDeclaredSafeToProbeIsProbed() async {
        let create = Endpoint<Created>(
            id: "rooms.create", .post, "rooms", mock: "create", auth: .token, enveloped: false,
            probing: .always)
        let me = Endpoint<Me>(id: "me", .get, "me", mock: "me", auth: .token, enveloped: false, probing: .never)
        let server = ChatServer(acceptsAnyToken: true)
        let report = await run(Self.api(revokes: false, endpoints: [Self.login, me, create, Self.logout]), on: server)
        #expect(probeNames(report) == ["probe logged-out rooms.create", "probe token-expired rooms.create"])
        // The server wrongly took both probes' tokens: two findings, and rooms it should not have made.
        #expect(report.allFindings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.probeLoggedOut, .probeTokenExpired])
    }

    /// The dead-token answer declared by status and error code: a 401 with another code (a
    /// server that took the token for missing) is not it.
    @Test(arguments: [("M_UNKNOWN_TOKEN", 0), ("M_MISSING_TOKEN", 2)])
    func aDeadTokenDeclaredByStatusAndCodeNeedsBoth(_ code: String, _ failedProbes: Int) async {
        var api = Self.api(revokes: false)
        api.envelope = nil
        api.errors = ErrorShape(code: "$.errcode", message: "$.error")
        api.expired = [.status(401, code: "M_UNKNOWN_TOKEN")]
        let report = await run(api, on: ChatServer(deadTokenCode: code))
        #expect(report.probeResults.filter { !$0.findings.isEmpty }.count == failedProbes)
        #expect(probeNames(report) == ["probe logged-out me", "probe token-expired me"])
        if failedProbes > 0 {
            #expect(report.allFindings.first?.expected == #"tokenExpired (HTTP 401 with code "M_UNKNOWN_TOKEN")"#)
        }
    }

    @Test func variantsAreRequiredForDeclaredPromisesOnly() {
        let chat = Self.api(revokes: false)
        #expect(chat.requiredMockNames(of: Self.me.erased) == ["me", "me@expired"])
        var forced = chat
        forced.forcedLogout = [.code("M_LOGGED_OUT_ELSEWHERE")]
        #expect(forced.requiredMockNames(of: Self.me.erased) == ["me", "me@logout", "me@expired"])
        var open = chat
        open.envelope = nil
        #expect(open.requiredMockNames(of: Self.me.erased) == ["me"])
    }

    /// The refresh flow's endpoint needs its refusal, and only where the policy names it.
    @Test func theRefreshEndpointNeedsItsRefusal() {
        struct Tokens: Decodable, Sendable { var access_token: String }
        let refresh = Endpoint<Tokens>(
            id: "refresh", .post, "refresh", parameters: [.body("refresh_token", .string)],
            mock: "refresh", enveloped: false, sessionEffect: .refreshes)
        var api = Self.api(revokes: false, endpoints: [Self.login, Self.me, refresh, Self.logout])
        #expect(
            api.problems.map(\.message) == [
                "is declared sessionEffect: .refreshes, but the auth policy's refresh names no endpoint (refresh: RefreshPolicy(endpoint: \"refresh\", …))"
            ])
        api.auth.refresh = RefreshPolicy(endpoint: "refresh", rotates: true)
        #expect(api.problems.isEmpty)
        #expect(api.requiredMockNames(of: refresh.erased) == ["refresh", "refresh@refused"])
        api.auth.refresh = RefreshPolicy(endpoint: "refresh", parameter: "token", rotates: true)
        #expect(api.problems.map(\.message) == ["takes the refresh token in 'token', which refresh does not declare as a parameter"])
    }
}
