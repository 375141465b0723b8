@testable import APICheck
import Foundation
import Testing

/// Error answers into the API's error shape, scenario mocks and the dead-token answer.
@Suite struct ErrorMappingTests {
    static let error =
        #"{"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "at": {"type": "string"}}}"#

    static func fixture(_ paths: String, bearer: Bool = false) throws -> ImportFixture {
        try ImportFixture(
            paths: paths, securitySchemes: bearer ? #""main": {"type": "http", "scheme": "bearer"}"# : "",
            extra: bearer ? #""security": [{"main": []}]"# : "")
    }

    static func answer(_ status: String, _ schema: String, example: String) -> String {
        #""\#(status)": {"description": "no", "content": {"application/json": {"schema": \#(schema), \#(example)}}}"#
    }

    @Test func sharedCodeAndMessageAreTheShapeAndEachExampleIsAScenarioMock() throws {
        let fixture = try Self.fixture(
            """
            "/pets/{id}": {"get": {"operationId": "showPet", "parameters": [{"name": "id", "in": "path", "schema": {"type": "integer"}, "example": 1}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}, "example": {}}}},
                \(Self.answer("404", Self.error, example: #""examples": {"gone.away": {"value": {"code": 7, "message": "no pet"}}, "expired": {"value": {"code": 8, "message": "old"}}}"#)),
                \(Self.answer("5XX", Self.error, example: #""example": {"code": 9, "message": "down"}"#)),
                \(Self.answer("409", #"{"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}"#, example: #""example": {"message": "no code"}"#))}}}
            """)
        #expect(fixture.declaration.contains(#"errors: ErrorShape(code: "$.code", message: "$.message"),"#))
        #expect(!fixture.declaration.contains("expired:"))
        // The key as a file name holds it; a key that is a standard scenario is numbered; the
        // single example is named after its status.
        #expect(fixture.file("mocks/showPet@gone_away.404.json") == "{\n  \"code\": 7,\n  \"message\": \"no pet\"\n}\n")
        #expect(fixture.file("mocks/showPet@expired2.404.json") != nil)
        #expect(fixture.file("mocks/showPet@server_error.500.json") != nil)
        #expect(fixture.group("DefaultEndpoints").contains(#"scenarios: ["gone_away", "expired2", "server_error"])"#))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1pets~1{id}/get/responses/409/content/application~1json/example: the example has no code at $.code: not written as a mock (it would be no failure in the API's error shape)"
            ))
    }

    @Test func problemDetailsAreProblemJSON() throws {
        let fixture = try Self.fixture(
            """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "ok"},
              "400": {"description": "no", "content": {"application/problem+json": {"schema": {"type": "object"},
                "example": {"type": "https://example.com/bad", "title": "Bad", "status": 400, "detail": "id is not a number"}}}}}}}
            """)
        #expect(fixture.declaration.contains("errors: .problemJSON,"))
        #expect(fixture.file("mocks/a@bad_request.400.json") != nil)
    }

    @Test func aCodeAndMessageInsideAnErrorObjectAreTheShape() throws {
        let nested =
            #"{"type": "object", "properties": {"error": {"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}}"#
        let fixture = try Self.fixture(
            """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "ok"},
              \(Self.answer("4XX", nested, example: #""example": {"error": {"code": "BAD", "message": "no"}}"#))}}}
            """)
        #expect(fixture.declaration.contains(#"errors: ErrorShape(code: "$.error.code", message: "$.error.message"),"#))
        #expect(fixture.file("mocks/a@bad_request.400.json") != nil)
    }

    @Test func answersWithoutSharedFieldsDeclareNoShapeAndWriteNoMocks() throws {
        let fixture = try Self.fixture(
            """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "ok"},
              \(Self.answer("400", #"{"type": "object", "properties": {"reason": {"type": "string"}}}"#, example: #""example": {"reason": "x"}"#)),
              \(Self.answer("404", Self.error, example: #""example": {"code": 1, "message": "y"}"#))}}}
            """)
        #expect(!fixture.declaration.contains("errors:"))
        #expect(!fixture.result.files.contains { $0.path.contains("@") })
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1a/get/responses/400/content/application~1json: the error answers share no code and message fields: no error shape is declared, and their examples are not written as mocks"
            ))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1a/get/responses/404/content/application~1json: the API declares no error shape: this example is not written as a mock"
            ))
    }

    /// A health check's free-form report (a map of anything) says nothing of the shape the
    /// operations' errors share.
    @Test func aFreeFormAnswerLeavesTheSharedShape() throws {
        let fixture = try Self.fixture(
            """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "ok"},
              \(Self.answer("400", Self.error, example: #""example": {"code": 400, "message": "bad"}"#))}}},
            "/health": {"get": {"operationId": "health", "responses": {"204": {"description": "ok"},
              "503": {"description": "down", "content": {"application/json": {"schema": {"type": "object", "additionalProperties": {}}}}}}}}
            """)
        #expect(fixture.declaration.contains(#"errors: ErrorShape(code: "$.code", message: "$.message"),"#), "\(fixture.notes)")
        #expect(fixture.file("mocks/a@bad_request.400.json") != nil)
        #expect(!fixture.notes.contains { $0.contains("error shape") }, "\(fixture.notes)")
    }

    /// The shape is the API's: one answer that describes other members keeps it undeclared, and
    /// the note is at that answer.
    @Test func theAnswerThatDiffersFromTheOthersIsNoted() throws {
        let fixture = try Self.fixture(
            """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "ok"},
              \(Self.answer("400", Self.error, example: #""example": {"code": 400, "message": "bad"}"#)),
              \(Self.answer("404", Self.error, example: #""example": {"code": 404, "message": "none"}"#)),
              "409": {"description": "no", "content": {"application/json": {"schema": {"type": "object", "properties": {"reason": {"type": "string"}}}}}}}}}
            """)
        #expect(!fixture.declaration.contains("errors:"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1a/get/responses/409/content/application~1json: this error answer lacks the code $.code and message "
                    + "$.message that 2 of the 3 error answers have: no error shape is declared, and their examples are not written as "
                    + #"mocks; declare ErrorShape(code: "$.code", message: "$.message") by hand if those answers are not the API's errors"#
            ), "\(fixture.notes)")
    }

    @Test func a401OnEveryOperationThatSendsTheTokenIsTheDeadTokenAnswer() throws {
        let unauthorized = Self.answer("401", Self.error, example: #""example": {"code": 401, "message": "dead"}"#)
        let fixture = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, \(unauthorized)}}},
            "/you": {"get": {"operationId": "you", "responses": {"204": {"description": "ok"}, "401": {"description": "no", "content": {"application/json": {"schema": \(Self.error)}}}}}},
            "/open": {"get": {"operationId": "open", "security": [], "responses": {"204": {"description": "ok"}, \(unauthorized)}}}
            """, bearer: true)
        #expect(fixture.declaration.contains("expired: [.status(401)],"))
        #expect(fixture.file("mocks/me@expired.json") == "{\n  \"code\": 401,\n  \"message\": \"dead\"\n}\n")
        #expect(fixture.file("mocks/you@expired.json") != nil)
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1you/get/responses/401/content/application~1json: no example: mocks/you@expired.json is made from the schema"
            ))
        // Without the token a 401 is a failure like any other: a scenario.
        #expect(fixture.file("mocks/open@unauthorized.401.json") != nil)
        #expect(!fixture.group("DefaultEndpoints").contains(#""expired""#))
    }

    /// A made-up dead-token mock says its status where its schema has room for it: the code the
    /// errors mirror the status in and the reason phrase, not `1` and `"string"`.
    @Test func aMadeUpDeadTokenMockSaysItsStatus() throws {
        let kinto = #"""
            {"type": "object", "properties": {"code": {"type": "integer"}, "errno": {"type": "integer"}, "error": {"type": "string"},
              "message": {"type": "string"}, "reason": {"type": "string", "example": "nope"}, "status": {"type": "integer", "enum": [1, 2]},
              "title": {"type": "string", "maxLength": 5}}}
            """#
        let nested =
            #"{"type": "object", "properties": {"error": {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}}}"#
        let fixture = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, "401": {"description": "no", "content": {"application/json": {"schema": \(kinto)}}}}}}
            """, bearer: true)
        #expect(
            fixture.file("mocks/me@expired.json")
                == #"{"code": 401, "errno": 1, "error": "Unauthorized", "message": "string", "reason": "nope", "status": 1, "title": "string"}"#
                .jsonPretty, "\(fixture.file("mocks/me@expired.json") ?? "")")
        let google = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, "401": {"description": "no", "content": {"application/json": {"schema": \(nested)}}}}}}
            """, bearer: true)
        #expect(google.file("mocks/me@expired.json") == #"{"error": {"code": 401, "message": "string"}}"#.jsonPretty)
        // The examples that carry a number in a member say whether it is the status, whatever its name.
        let codes =
            #"{"type": "object", "properties": {"errcode": {"type": "integer"}, "code": {"type": "integer"}, "message": {"type": "string"}}}"#
        func document(_ example: String) throws -> ImportFixture {
            try Self.fixture(
                """
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"},
                  "401": {"description": "no", "content": {"application/json": {"schema": \(codes)}}},
                  \(Self.answer("404", codes, example: #""example": \#(example)"#))}}}
                """, bearer: true)
        }
        let status = try document(#"{"errcode": 404, "code": 404, "message": "none"}"#)
        #expect(status.file("mocks/me@expired.json") == #"{"errcode": 401, "code": 401, "message": "string"}"#.jsonPretty)
        let own = try document(#"{"errcode": 1001, "code": 1001, "message": "none"}"#)
        #expect(own.file("mocks/me@expired.json") == #"{"errcode": 1, "code": 1, "message": "string"}"#.jsonPretty)
    }

    @Test func a401OnSomeOperationsOnlyIsNoPromise() throws {
        let fixture = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, \(Self.answer("401", Self.error, example: #""example": {"code": 401, "message": "dead"}"#))}}},
            "/you": {"get": {"operationId": "you", "responses": {"204": {"description": "ok"}}}}
            """, bearer: true)
        #expect(!fixture.declaration.contains("expired:"))
        #expect(fixture.file("mocks/me@unauthorized.401.json") != nil)
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths: no dead-token answer is declared (no expired:): you sends the token without declaring a 401 with content"
            ))
    }

    /// No operation declares a 401: the package has no dead-token answer, and `live` no
    /// dead-token probe, which is said rather than left to look like probes that passed.
    @Test func no401AnywhereIsSaid() throws {
        let fixture = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}}
            """, bearer: true)
        #expect(!fixture.declaration.contains("expired:"))
        // Following the advice makes the audit ask for mocks the import did not write: it says so.
        #expect(
            fixture.notes.contains {
                $0.contains("api.expired = [.status(401)]") && $0.contains("serve refuses to start until they exist")
            },
            "\(fixture.notes)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths: no operation that sends the token declares a 401 with content: no dead-token answer "
                    + "is declared (no expired:), so live runs no dead-token probe; declare the server's in adjusted(_:) to have "
                    + "one, by the status it answers a wrong token with (api.expired = [.status(401)], or 403 where it answers so, "
                    + "as Django REST framework's token authentication does)" + ErrorMapping.expiredMocksAdvice), "\(fixture.notes)")
    }

    /// A 401 the document describes as the answer to missing credentials (Kinto's: "The request
    /// is missing authentication headers.") says nothing of wrong ones: it is the missing-token
    /// answer, not the dead-token one, so `live` probes no credentials the document never judged
    /// (a Basic server may take any account and password), and probes the answer it does state.
    @Test func a401DescribedAsMissingCredentialsIsTheMissingTokenAnswer() throws {
        let missing =
            #""401": {"description": "The request is missing authentication headers.", "content": {"application/json": {"schema": \#(Self.error)}}}"#
        let forbidden =
            #""403": {"description": "The user is not allowed to perform the operation.", "content": {"application/json": {"schema": \#(Self.error)}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, \(missing), \(forbidden)}}},
                "/you": {"get": {"operationId": "you", "responses": {"204": {"description": "ok"}, \(missing)}}},
                "/open": {"get": {"operationId": "open", "security": [], "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""basicauth": {"type": "http", "scheme": "basic"}"#, extra: #""security": [{"basicauth": []}]"#)
        #expect(!fixture.declaration.contains("expired:"), "\(fixture.declaration)")
        #expect(
            fixture.declaration.contains(
                #"auth: .basic(accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD", missingToken: .signals([.status(401)])),"#
            ),
            "\(fixture.declaration)")
        #expect(!fixture.result.files.contains { $0.path.hasSuffix("@expired.json") })
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1me/get/responses/401/content/application~1json: every operation that sends the credentials "
                    + "describes its 401 as missing credentials (\"The request is missing authentication headers.\"): declared as the "
                    + "missing-token answer (missingToken: .signals([.status(401)])), not as the dead-token one; the document does not "
                    + "say what wrong credentials get, so no expired: is declared and live runs no token-expired probe: declare the "
                    + "server's answer (api.expired = [.status(401)]) in adjusted(_:) if it promises one" + ErrorMapping.expiredMocksAdvice),
            "\(fixture.notes)")
    }

    /// A 401 described as missing or wrong credentials is still the dead-token answer, whatever
    /// word says wrong ("the token is missing or dead", ci/openapi/zoo.json's).
    @Test(arguments: ["Missing or invalid token", "the token is missing or stale", "Token missing/dead"])
    func a401DescribedAsMissingOrInvalidIsTheDeadTokenAnswer(description: String) throws {
        let either = #""401": {"description": "\#(description)", "content": {"application/json": {"schema": \#(Self.error)}}}"#
        let fixture = try Self.fixture(
            """
            "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}, \(either)}}}
            """, bearer: true)
        #expect(fixture.declaration.contains("expired: [.status(401)],"))
        #expect(!fixture.declaration.contains("missingToken"))
    }

    /// Airflow declares a 401 and a 403 on every operation that sends the token, and answers a
    /// missing token 401 and a wrong one 403: the document does not say which a dead token gets,
    /// so either is its answer (401 alone failed a correct server's token-expired probe). Its
    /// logout, which declares neither, makes no exception, and is not probed.
    @Test func a401AndA403OnEveryOperationAreEitherTheDeadTokenAnswer() throws {
        let forbidden = Self.answer("403", Self.error, example: #""example": {"code": 403, "message": "no"}"#)
        let unauthorized = Self.answer("401", Self.error, example: #""example": {"code": 401, "message": "dead"}"#)
        let fixture = try Self.fixture(
            """
            "/dags": {"get": {"operationId": "dags", "responses": {"204": {"description": "ok"}, \(unauthorized), \(forbidden)}}},
            "/pools": {"get": {"operationId": "pools", "responses": {"204": {"description": "ok"}, \(unauthorized), \(forbidden)}}},
            "/auth/logout": {"get": {"operationId": "logout", "responses": {"204": {"description": "ok"}}}}
            """, bearer: true)
        #expect(fixture.declaration.contains("expired: [.status(401), .status(403)],"), "\(fixture.declaration)")
        // No token is either too, the 401 first; a refused one is the 403, as serve answers them.
        #expect(fixture.declaration.contains("missingToken: .signals([.status(401), .status(403)])"), "\(fixture.declaration)")
        #expect(fixture.file("mocks/dags@expired.403.json") == #"{"code": 403, "message": "no"}"#.jsonPretty)
        #expect(fixture.file("mocks/dags@expired.json") == nil)
        // A 403's example would read as the dead-token answer: no failure scenario of its own.
        #expect(fixture.file("mocks/dags@forbidden.403.json") == nil)
        #expect(!fixture.notes.contains { $0.contains("no dead-token answer") }, "\(fixture.notes)")
        // Airflow's logout answers its 307 to any token: the document promises it no refusal.
        #expect(
            fixture.group("DefaultEndpoints").contains("sessionEffect: .logsOut, probing: .never"), "\(fixture.group("DefaultEndpoints"))")
        // The mock audit, and serve with it, still needs its dead-token answer: the others' 401.
        #expect(fixture.file("mocks/logout@expired.403.json") == fixture.file("mocks/dags@expired.403.json"))
    }
}

extension String {
    /// The JSON text as the import writes a mock: pretty, with a final newline.
    fileprivate var jsonPretty: String { ((try? JSONParser.parse(Data(utf8)))?.prettyText ?? self) + "\n" }
}
