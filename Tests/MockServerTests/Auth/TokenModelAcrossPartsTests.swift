import APICheck
import CurlClient
import Foundation
import HTTPServer
@testable import MockServer
import TestSupport
import Testing

/// Every token state of every placement gets the one answer the token model says
/// (`TokenLifecycle.answer(for:)`), from each part that answers or judges tokens: the mock tier
/// (`SessionMocks`), `serve` over a socket, the app's client over `serve`, and the live probes'
/// promises. A part with rules of its own fails here.
@Suite struct TokenModelAcrossPartsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: TokenModelAPIs
        var state: TokenState
        var testDescription: String { "\(kind) \(state.rawValue)" }
    }

    static let cases: [Case] = TokenModelAPIs.allCases.flatMap { kind in kind.states.map { Case(kind: kind, state: $0) } }

    /// What one part answered, as the model judges answers.
    struct Answer: Equatable, CustomStringConvertible {
        var status: Int
        var code: EnvelopeCode?
        var description: String { "HTTP \(status)" + (code.map { " code \($0)" } ?? "") }
    }

    @Test(arguments: cases)
    func everyPartGivesTheModelsAnswer(_ test: Case) async throws {
        let api = test.kind.api
        let expected = api.tokenLifecycle.answer(for: test.state)
        let mocks = try TemporaryMocks(files: test.kind.mocks)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = TokenModelAPIs.environment
        let harness = try ServeHarness(api: api, mocks: mocks.url, options: options)
        defer { harness.stop() }

        // serve, over a socket, with the state reached through its own routes.
        let served = try await Self.request(harness, test, token: try await Self.token(in: test.state, on: harness, kind: test.kind))
        let (servedClass, servedAnswer) = Self.judge(served, api: api, state: test.state)
        #expect(
            expected.admits(servedClass, status: servedAnswer.status, code: servedAnswer.code),
            "serve answered \(servedAnswer) (\(servedClass.name)) where the model says \(expected.description)")

        // The app's client over serve, with a token in the same state.
        let clientToken = try await Self.token(in: test.state, on: harness, kind: test.kind)
        let client = harness.client()
        let call: CallOutcome
        if test.state.isRefreshToken {
            call = await client.call(TokenModelAPIs.refresh.erased, ["refresh_token": .string(clientToken ?? "")], token: .withoutToken)
        } else {
            call = await client.call(TokenModelAPIs.me.erased, token: clientToken.map(TokenChoice.explicit) ?? .withoutToken)
        }
        let clientClass = try #require(call.classification, "\(String(describing: call.error))")
        let clientStatus = call.exchange?.response.status ?? 0
        let clientCode = call.exchange.flatMap { Self.code(in: $0.response, api: api, state: test.state) }
        #expect(
            expected.admits(clientClass, status: clientStatus, code: clientCode),
            "the client classified \(clientClass.name) (HTTP \(clientStatus)) where the model says \(expected.description)")

        // The mock tier, with the state reached through its token store (it emulates no refresh route).
        if !test.state.isRefreshToken {
            let tier = SessionMocks(directory: mocks.url, api: api, beforehand: test.kind.beforehand)
            let token = Self.token(in: test.state, store: tier.tokens, kind: test.kind, lifecycle: api.tokenLifecycle)
            let replayed = try await tier.send(Self.meRequest(api, token: token))
            let (tierClass, tierAnswer) = Self.judge(replayed, api: api, state: test.state)
            #expect(
                expected.admits(tierClass, status: tierAnswer.status, code: tierAnswer.code),
                "the mock tier answered \(tierAnswer) where the model says \(expected.description)")
            #expect(tierAnswer == servedAnswer, "the mock tier and serve disagree")
        }

        // The live probes check exactly the model's promise for the state they send.
        for probe in AuthProbe.allCases where probe.state == test.state && probe != .refresh {
            #expect(probe.promise(api) == api.tokenLifecycle.promise(for: test.state), "\(probe.rawValue)")
        }
    }

    /// `live` against `serve` runs every probe the API declares, and each passes: on a token issued
    /// beforehand, on Basic credentials and on the login placements alike.
    @Test(arguments: TokenModelAPIs.allCases)
    func liveAgainstServePassesEveryDeclaredProbe(_ kind: TokenModelAPIs) async throws {
        let api = kind.api
        let mocks = try TemporaryMocks(files: kind.mocks)
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = TokenModelAPIs.environment
        let harness = try ServeHarness(api: api, mocks: mocks.url, options: options)
        defer { harness.stop() }
        let report = await LiveCheck(
            api: api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, mocksDirectory: mocks.url, environment: TokenModelAPIs.environment)
        ).run()

        let declared = AuthProbe.allCases.filter { $0.promise(api) != nil }.map(\.rawValue).sorted()
        let ran = Set(report.probeResults.compactMap { $0.probe?.rawValue }).sorted()
        #expect(!declared.isEmpty)
        #expect(ran == declared)
        #expect(report.allFindings.isEmpty, "\(report.allFindings.map(\.message))")
        #expect(report.verdict == .holds)
    }

    /// With its variable unset, serve accepts one token it made up, says which, and refuses others.
    @Test(arguments: [TokenModelAPIs.preIssued, .basic])
    func anUnsetVariableMakesServeSayWhatItAccepts(_ kind: TokenModelAPIs) async throws {
        let mocks = try TemporaryMocks(files: kind.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: kind.api, mocks: mocks.url)
        defer { harness.stop() }
        let note = try #require(harness.server.tokenNotes.first)
        #expect(harness.server.tokenNotes.count == 1)
        let said = try #require(note.split(separator: "'").dropFirst().first.map(String.init))
        let token: String
        if kind == .basic {
            let password = try #require(note.split(separator: "'").dropFirst(3).first.map(String.init))
            token = AuthPolicy.basicCredentials(account: said, password: password)
        } else {
            token = said
        }
        #expect(try await Self.request(harness, Case(kind: kind, state: .issued), token: token).status == 200)
        let refused = try await Self.request(harness, Case(kind: kind, state: .issued), token: kind.beforehand)
        #expect(refused.status == 401)
        // A Basic API's refusal challenges, as a server's does, for clients that wait for it.
        #expect((refused.header("WWW-Authenticate")?.hasPrefix("Basic realm=") ?? false) == (kind == .basic), "\(refused.headers)")
    }

    // MARK: - Tokens in each state

    /// A token in `state` on serve, reached through its routes (and its admin API for expiry).
    static func token(in state: TokenState, on harness: ServeHarness, kind: TokenModelAPIs) async throws -> String? {
        func login() async throws -> (access: String, refresh: String) {
            let response =
                kind == .basicLogin
                ? try await harness.send(
                    .post, "auth/login",
                    headers: [("Authorization", "Basic " + AuthPolicy.basicCredentials(account: "ada", password: "pw"))])
                : try await harness.send(.post, "auth/login", json: #"{"user": "ada", "password": "pw"}"#)
            let document = try ServeHarness.json(response)
            return (document["access_token"]?.stringValue ?? "", document["refresh_token"]?.stringValue ?? "")
        }
        func refresh(_ token: String) async throws {
            _ = try await harness.send(.post, "auth/refresh", json: #"{"refresh_token": "\#(token)"}"#)
        }
        switch state {
        case .issued: return kind.hasLogin ? try await login().access : kind.beforehand
        case .issuedBeforehand: return kind.beforehand
        case .missing: return nil
        case .neverIssued: return kind.neverIssued
        case .revokedByLogin:
            let first = try await login().access
            _ = try await login()
            return first
        case .loggedOut:
            let access = try await login().access
            _ = try await send(harness, kind.api, TokenModelAPIs.logout.erased, token: access)
            return access
        case .refreshedAway:
            let (access, refreshToken) = try await login()
            try await refresh(refreshToken)
            return access
        case .expired:
            let token = kind.hasLogin ? try await login().access : kind.beforehand ?? ""
            _ = try await harness.send(.post, "/__apicheck/tokens/expire", json: #"{"token": "\#(token)"}"#)
            return token
        case .spentRefreshToken:
            let refreshToken = try await login().refresh
            try await refresh(refreshToken)
            return refreshToken
        case .unknownRefreshToken: return "rt-never-issued"
        }
    }

    /// A token in `state` in a token store, as the mock tier holds it.
    static func token(in state: TokenState, store: TokenStore, kind: TokenModelAPIs, lifecycle: TokenLifecycle) -> String? {
        switch state {
        case .issued: return kind.hasLogin ? store.issue(account: "ada").accessToken : kind.beforehand
        case .issuedBeforehand: return kind.beforehand
        case .missing: return nil
        case .neverIssued: return kind.neverIssued
        case .revokedByLogin:
            let first = store.issue(account: "ada").accessToken
            _ = store.issue(account: "ada")
            return first
        case .loggedOut:
            let token = store.issue(account: "ada").accessToken
            store.logOut(token)
            return token
        case .refreshedAway:
            let issued = store.issue(account: "ada", withRefreshToken: true)
            _ = store.renew(with: issued.refreshToken ?? "", endsReplaced: lifecycle.answer(for: .refreshedAway) != .accepted)
            return issued.accessToken
        case .expired:
            let token = kind.hasLogin ? store.issue(account: "ada").accessToken : kind.beforehand ?? ""
            store.expire(token)
            return token
        case .spentRefreshToken, .unknownRefreshToken: return nil
        }
    }

    // MARK: - Requests and judging

    static func meRequest(_ api: API, token: String?, base: URL = URL(string: "http://mock.invalid/model/")!) -> HTTPRequest {
        var query: [(String, String)] = []
        var headers: [(name: String, value: String)] = []
        if let token { api.auth.placement.place(token, query: &query, headers: &headers) }
        var components = URLComponents(url: base.appendingPathComponent("me"), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return HTTPRequest(method: .get, url: components.url!, headers: headers, endpointID: TokenModelAPIs.me.id)
    }

    static func send(_ harness: ServeHarness, _ api: API, _ endpoint: AnyEndpoint, token: String) async throws -> HTTPResponse {
        let request = try RequestBuilder(api: api, baseURL: harness.server.baseURL).request(for: endpoint, [:], token: token)
        return try await harness.transport.send(request)
    }

    /// The request a case's token is judged by: `me` with it, or a refresh presenting it.
    static func request(_ harness: ServeHarness, _ test: Case, token: String?) async throws -> HTTPResponse {
        if test.state.isRefreshToken {
            return try await harness.send(.post, "auth/refresh", json: #"{"refresh_token": "\#(token ?? "")"}"#)
        }
        var request = meRequest(test.kind.api, token: token, base: harness.server.baseURL)
        request.url = request.url.absoluteURL
        return try await harness.transport.send(request)
    }

    static func endpoint(for state: TokenState) -> AnyEndpoint {
        state.isRefreshToken ? TokenModelAPIs.refresh.erased : TokenModelAPIs.me.erased
    }

    static func judge(_ response: HTTPResponse, api: API, state: TokenState) -> (Classification, Answer) {
        let rules = api.rules(for: endpoint(for: state))
        let (classification, _) = Classification.of(
            status: response.status, contentType: response.contentType, body: response.body,
            rules: rules, redactor: api.makeRedactor())
        return (classification, Answer(status: response.status, code: code(in: response, api: api, state: state)))
    }

    static func code(in response: HTTPResponse, api: API, state: TokenState) -> EnvelopeCode? {
        (try? JSONParser.parse(response.body)).flatMap { api.rules(for: endpoint(for: state)).failureCode(in: $0) }
    }
}
