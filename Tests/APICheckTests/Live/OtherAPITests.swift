import APICheck
import Foundation
import Synchronization
import TestSupport
import Testing

/// An API unlike the demo: `status`/`message`/`data`, success 0, 401 for a dead token, a Bearer
/// header, a nested token field, messages only on failures, ISO 8601 dates.
@Suite struct OtherAPITests {
    struct Session_: Decodable, Sendable { struct Inner: Decodable, Sendable { var token: String }; var session: Inner }
    struct Item: Decodable, Sendable, Equatable { var id: Int; var created: Date }

    static let login = Endpoint<Session_>(
        id: "auth.login", .post, "login",
        parameters: [
            .body("email", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
            .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
        ],
        mock: "login", sessionEffect: .logsIn)
    static let item = Endpoint<Item>(id: "items.show", .get, "items/{id}", parameters: [.path("id", .int)], mock: "item", auth: .token)
    static let api = API(
        name: "shop",
        envelope: EnvelopePolicy(
            codeKey: "status", messageKey: "message", payloadKey: "data", successCodes: [0],
            logoutCodes: [401001], expiredHTTPStatuses: [401], messageRequired: false),
        auth: AuthPolicy(loginEndpoint: "auth.login", tokenField: "session.token", placement: .bearer),
        dates: .iso8601, endpoints: [login, item])

    /// A transport answering from a closure.
    struct Answering: Transport {
        let answer: @Sendable (HTTPRequest) -> HTTPResponse
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { answer(request) }
    }

    func client(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse, session: Session = Session()) -> APIClient {
        APIClient(api: Self.api, transport: Answering(answer: answer), session: session)
    }

    static func body(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    @Test func logsInThroughANestedTokenAndSendsItAsBearer() async throws {
        let seen = Mutex<[HTTPRequest]>([])
        let session = Session()
        let client = client(
            { request in
                seen.withLock { $0.append(request) }
                if request.endpointID == "auth.login" { return Self.body(#"{"status": 0, "data": {"session": {"token": "tok-123456"}}}"#) }
                return Self.body(#"{"status": 0, "data": {"id": 7, "created": "2026-11-01T10:00:00.250Z"}}"#)
            }, session: session)
        _ = try await client.send(Self.login, ["email": "a@b.c", "password": "pw-secret"])
        #expect(session.token == "tok-123456")
        let item = try await client.send(Self.item, ["id": 7])
        #expect(item.id == 7)
        #expect(item.created == Date(timeIntervalSince1970: 1_793_527_200.25))
        #expect(seen.withLock { $0.last?.header("Authorization") } == "Bearer tok-123456")
        #expect(seen.withLock { $0.last?.url.query } == nil)
    }

    @Test func a401FromTheLoginIsARefusalNotAnExpiredToken() async throws {
        let client = client { _ in Self.body(#"{"status": 400101, "message": "wrong email or password", "data": null}"#, status: 401) }
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Self.login, ["email": "a", "password": "b"]) }
        #expect(error?.reason == .server(code: 400101, message: "wrong email or password"))
    }

    @Test func a401WhereATokenIsSentIsAnExpiredToken() async throws {
        let session = Session(token: "old")
        let events = Mutex(0)
        session.observe { if case .tokenExpired = $0 { events.withLock { $0 += 1 } } }
        let client = client({ _ in Self.body("Unauthorized", status: 401) }, session: session)
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Self.item, ["id": 1]) }
        #expect(error?.reason == .tokenExpired(status: 401, code: nil))
        #expect(events.withLock { $0 } == 1)
    }

    @Test func declarationProblemsAreFound() {
        let broken = API(
            name: "broken", envelope: EnvelopePolicy(), auth: AuthPolicy(loginEndpoint: "auth.signin", tokenField: "t", placement: .bearer),
            endpoints: [
                Endpoint<Item>(id: "a", .get, "items/{id}", parameters: [.query("page", .int)], mock: "a", auth: .token),
                Endpoint<Item>(id: "a", .get, "things", parameters: [.body("q", .string)], mock: "a"),
                Endpoint<Item>(
                    id: "c", .get, "c", parameters: [.query("x", .int, sample: .seen(endpoint: "nope", path: "datas.x", fallback: nil))],
                    mock: "c"),
            ])
        #expect(
            broken.problems.map { "\($0.endpoint ?? "-"): \($0.message)" } == [
                "a: the path 'items/{id}' has {id} but no path parameter 'id' is declared",
                "a: two endpoints are declared with the id 'a'",
                "a: shares the mock name 'a' with a",
                "a: a GET request has no body, but parameter 'q' is declared in the body",
                "c: parameter 'x' samples from 'nope', which is not declared",
                "c: parameter 'x' samples from the path 'datas.x', which is not a JSONPath like $.datas.items[0].id",
                "auth.signin: the auth policy logs in through 'auth.signin', which is not declared",
            ])
        #expect(Self.api.problems.isEmpty)
    }

    @Test func anErrorStatusWithoutAnEnvelopeIsNamedByItsStatus() {
        let (classification, _) = Classification.of(
            status: 403, contentType: "application/json", body: Data(#"{"error": "forbidden"}"#.utf8), enveloped: true,
            sendsToken: false, policy: Self.api.envelope, redactor: Self.api.makeRedactor())
        #expect(classification == .broken(.http(status: 403, contentType: "application/json", snippet: #"{"error": "forbidden"}"#)))
    }

    @Test func aLate403AboutAnOldTokenLeavesTheNewOneAlone() async throws {
        let session = Session(token: "old-token-1")
        let events = Mutex(0)
        session.observe { if case .tokenExpired = $0 { events.withLock { $0 += 1 } } }
        let client = client(
            { request in
                // The user logs in again while this request is in flight.
                session.token = "new-token-2"
                return Self.body("Unauthorized", status: 401)
            }, session: session)
        await #expect(throws: APIError.self) { _ = try await client.send(Self.item, ["id": 1]) }
        #expect(session.token == "new-token-2")
        #expect(events.withLock { $0 } == 0)
    }

    @Test func aWholeNumberWrittenAsADecimalIsAnIntCodeOnBothPaths() async throws {
        let session = Session(token: "t-123456")
        let client = client({ _ in Self.body(#"{"status": 0.0, "data": {"id": 3, "created": "2026-11-01T10:00:00Z"}}"#) }, session: session)
        #expect(try await client.send(Self.item, ["id": 3]).id == 3)
        let (classification, _) = Classification.of(
            status: 200, contentType: nil, body: Data(#"{"status": 0.0, "data": null}"#.utf8), enveloped: true,
            policy: Self.api.envelope, redactor: Self.api.makeRedactor())
        #expect(classification == .success(payload: .null, at: JSONPath(parsing: "$.data")!))
    }

    @Test func aSecretPathParameterNeverShowsInTheReport() async throws {
        let key = Endpoint<Item>(
            id: "keys.show", .get, "keys/{key}",
            parameters: [Parameter("key", in: .path, .string, sample: .literal("KEY/SECRET 99"), secret: true)],
            mock: "key")
        let api = API(name: "keys", envelope: Self.api.envelope, auth: Self.api.auth, dates: .iso8601, endpoints: [key])
        let transport = Answering { _ in Self.body(#"{"status": 0, "data": {"id": 1, "created": "2026-11-01T10:00:00Z"}}"#) }
        let traced = TraceLines()
        let report = await LiveCheck(
            api: api, transport: transport,
            options: LiveOptions(baseURL: URL(string: "https://h.example/")!, probes: false),
            observers: [traced]
        ).run()
        #expect(report.results.first?.requestPath == "keys/***")
        #expect(report.results.first?.path == "keys/{key}")
        #expect(!traced.lines.isEmpty)
        #expect(!traced.lines.joined().contains("SECRET"))
        #expect(!JSONReport.render(report, context: RenderContext(tool: "apicheck")).contains("SECRET"))
    }

    @Test func aTypesOwnErrorKeepsItsPath() throws {
        struct Positive: Decodable {
            struct NotPositive: Error {}
            init(from decoder: Decoder) throws {
                if try decoder.singleValueContainer().decode(Int.self) <= 0 { throw NotPositive() }
            }
        }
        struct Wrap: Decodable { var items: [Positive] }
        let document = try JSONParser.parse(#"{"items": [1, 2, -3]}"#)
        do {
            _ = try JSONValueDecoder().decode(Wrap.self, from: document, at: JSONPath(parsing: "$.datas")!)
            Issue.record("decoded")
        } catch {
            #expect(error.path.description == "$.datas.items[2]")
            #expect(error.expected == "Positive")
            #expect(error.found == "Int")
        }
    }
}
