import APICheck
import Foundation
import Testing

/// Envelopes of any shape, no envelope, error shapes and session signals, classified the same by
/// the full path and by the client's fast path.
@Suite struct AnswerShapesTests {
    struct Item: Decodable, Sendable, Equatable { var id: Int }

    static func classify(_ body: String, status: Int = 200, _ rules: AnswerRules) -> Classification {
        Classification.of(
            status: status, contentType: "application/json", body: Data(body.utf8), rules: rules,
            redactor: API(name: "t", envelope: nil, endpoints: []).makeRedactor()
        ).0
    }

    static func api(
        envelope: EnvelopePolicy?, errors: ErrorShape? = nil, expired: [AnswerSignal] = [], forcedLogout: [AnswerSignal] = [],
        endpoint: Endpoint<Item>
    ) -> API {
        API(
            name: "t", envelope: envelope, errors: errors, expired: expired, forcedLogout: forcedLogout,
            auth: AuthPolicy(loginEndpoint: "login", tokenField: "t", placement: .bearer), endpoints: [endpoint])
    }

    /// The client over a transport that answers `body`: the fast path and the full one must agree.
    static func send(_ api: API, _ endpoint: Endpoint<Item>, _ body: String, status: Int = 200) async -> Result<Item, APIError> {
        struct Fixed: Transport {
            let response: HTTPResponse
            func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
        }
        let client = APIClient(
            api: api, transport: Fixed(response: HTTPResponse(status: status, headers: [], body: Data(body.utf8))),
            session: Session(token: "tok-123456"))
        do { return .success(try await client.send(endpoint)) } catch let error as APIError { return .failure(error) } catch {
            return .failure(APIError(endpoint: "?", reason: .transport(TransportError(.other, "\(error)"))))
        }
    }

    static let item = Endpoint<Item>(id: "items.show", .get, "items/1", mock: "item", auth: .token)

    @Test func aStringStatusWithThePayloadAtAPath() async {
        let policy = EnvelopePolicy(code: "$.status", message: "$.error", payload: "$.data.item", success: ["success"], failure: ["error"])
        let rules = AnswerRules(envelope: policy)
        #expect(
            Self.classify(#"{"status": "success", "data": {"item": {"id": 3}}}"#, rules)
                == .success(payload: .object([("id", .number("3"))]), at: JSONPath(parsing: "$.data.item")!))
        #expect(Self.classify(#"{"status": "error", "error": "bad"}"#, rules) == .failure(code: "error", message: "bad"))
        // A number where the string status belongs is a malformed envelope, said in the declared type.
        guard case let .broken(.envelopeMalformed(failure)) = Self.classify(#"{"status": 0, "data": {}}"#, rules) else {
            Issue.record("not malformed"); return
        }
        #expect(failure.description.contains("$.status: expected String, found Int"))
        let api = Self.api(envelope: policy, endpoint: Self.item)
        #expect(try! await Self.send(api, Self.item, #"{"status": "success", "data": {"item": {"id": 3}}}"#).get() == Item(id: 3))
    }

    @Test func aBoolCodeWithTheDataBesideIt() async {
        // `{"ok": true, "id": 3}`: no payload key, the decode type reads the whole body.
        let policy = EnvelopePolicy(code: "ok", message: "$.description", payload: nil, success: [true])
        #expect(
            Self.classify(#"{"ok": true, "id": 3}"#, AnswerRules(envelope: policy))
                == .success(payload: .object([("ok", .bool(true)), ("id", .number("3"))]), at: .root))
        #expect(
            Self.classify(#"{"ok": false, "description": "nope"}"#, AnswerRules(envelope: policy)) == .failure(code: false, message: "nope")
        )
        let api = Self.api(envelope: policy, endpoint: Self.item)
        #expect(try! await Self.send(api, Self.item, #"{"ok": true, "id": 3}"#).get() == Item(id: 3))
        #expect(
            await Self.send(api, Self.item, #"{"ok": false, "description": "nope"}"#)
                == .failure(
                    APIError(endpoint: "items.show", reason: .server(code: false, message: "nope"), source: "http://mock.invalid/items/1")))
    }

    @Test func noEnvelopeAPIWideWithAnEndpointOverrideEitherWay() {
        let bare = Endpoint<Item>(id: "a", .get, "a", mock: "a")
        let wrapped = Endpoint<Item>(id: "b", .get, "b", mock: "b", envelope: EnvelopePolicy())
        let insisting = Endpoint<Item>(id: "c", .get, "c", mock: "c", enveloped: true)
        let none = API(name: "n", envelope: .none, endpoints: [bare, wrapped, insisting])
        #expect(none.envelope(for: bare.erased) == nil)
        #expect(none.envelope(for: wrapped.erased) == EnvelopePolicy())
        #expect(
            none.problems.map(\.message) == [
                "says enveloped: true, but the API declares no envelope (envelope: .none); give the endpoint its own envelope: EnvelopePolicy(...)"
            ])
        let raw = Endpoint<Item>(id: "d", .get, "d", mock: "d", enveloped: false)
        let enveloped = API(name: "e", envelope: EnvelopePolicy(), endpoints: [bare, raw])
        #expect(enveloped.envelope(for: bare.erased) == EnvelopePolicy())
        #expect(enveloped.envelope(for: raw.erased) == nil)
    }

    @Test func errorShapesAndProblemJSON() {
        let chat = AnswerRules(envelope: nil, errors: ErrorShape(code: "$.errcode", message: "$.error"))
        #expect(
            Self.classify(#"{"errcode": "M_FORBIDDEN", "error": "no"}"#, status: 403, chat) == .failure(code: "M_FORBIDDEN", message: "no"))
        // An error status whose body is not in the shape is still told by its status.
        #expect(Self.classify(#"{"message": "no"}"#, status: 500, chat).name == "http-status")
        let problem = AnswerRules(envelope: nil, errors: .problemJSON)
        #expect(
            Self.classify(#"{"type": "https://x.example/out-of-stock", "title": "Out of stock", "status": 409}"#, status: 409, problem)
                == .failure(code: "https://x.example/out-of-stock", message: "Out of stock"))
        // Beside a string-status envelope, the error body's code says more than "error".
        let metrics = AnswerRules(
            envelope: EnvelopePolicy(code: "$.status", message: "$.error", payload: "$.data", success: ["success"]),
            errors: ErrorShape(code: "$.errorType", message: "$.error"))
        #expect(
            Self.classify(#"{"status": "error", "errorType": "bad_data", "error": "parse error"}"#, status: 400, metrics)
                == .failure(code: "bad_data", message: "parse error"))
    }

    @Test func expiredAndLogoutByStatusAndOrCode() {
        let errors = ErrorShape(code: "$.errcode", message: "$.error")
        let rules = AnswerRules(
            envelope: nil, errors: errors, expired: [.status(401, code: "M_UNKNOWN_TOKEN")],
            forcedLogout: [.code("M_SESSION_REPLACED")])
        #expect(
            Self.classify(#"{"errcode": "M_UNKNOWN_TOKEN", "error": "gone"}"#, status: 401, rules)
                == .tokenExpired(status: 401, code: "M_UNKNOWN_TOKEN"))
        // The same status with another code is a failure, not a dead token.
        #expect(
            Self.classify(#"{"errcode": "M_LIMIT_EXCEEDED", "error": "slow down"}"#, status: 401, rules)
                == .failure(code: "M_LIMIT_EXCEEDED", message: "slow down"))
        #expect(
            Self.classify(#"{"errcode": "M_SESSION_REPLACED", "error": "elsewhere"}"#, status: 409, rules)
                == .forcedLogout(code: "M_SESSION_REPLACED", message: "elsewhere"))
        // A login's 401 is about the credentials.
        var login = rules
        login.sendsToken = false
        #expect(
            Self.classify(#"{"errcode": "M_UNKNOWN_TOKEN", "error": "gone"}"#, status: 401, login).name == "failure(\"M_UNKNOWN_TOKEN\")")
        // By status alone, whatever the body.
        let byStatus = AnswerRules(envelope: nil, expired: [.status(403)])
        #expect(Self.classify("<html>forbidden</html>", status: 403, byStatus) == .tokenExpired(status: 403, code: nil))
    }

    @Test func emptyAnswers() {
        #expect(Self.classify("", status: 204, AnswerRules(envelope: nil, acceptsEmptyBody: true)) == .success(payload: .null, at: .root))
        #expect(Self.classify("", status: 204, AnswerRules(envelope: nil)).name == "empty-body")
        #expect(
            Self.classify("", status: 200, AnswerRules(envelope: EnvelopePolicy(), acceptsEmptyBody: true))
                == .success(payload: .null, at: .root))
        #expect(Endpoint<NoContent>(id: "n", .post, "n", mock: "n").erased.acceptsEmptyBody)
        #expect(!Endpoint<EmptyObject>(id: "e", .post, "e", mock: "e").erased.acceptsEmptyBody)
        #expect(throws: Never.self) { try JSONDecoder().decode(EmptyObject.self, from: Data("{}".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(EmptyObject.self, from: Data("null".utf8)) }
    }

    /// Alertmanager's errors are JSON strings: shown in quotes of their own, not in doubled ones.
    @Test func aBodyThatIsAJSONStringIsShownInItsOwnQuotes() {
        let string = APIError.Reason.http(status: 400, contentType: "application/json", snippet: #""start time must be before end time""#)
        #expect(string.message == #"HTTP 400, Content-Type application/json, body starts "start time must be before end time""#)
        let object = APIError.Reason.http(status: 400, contentType: nil, snippet: #"{"code":1}"#)
        #expect(object.message == #"HTTP 400, body starts "{"code":1}""#)
    }
}
