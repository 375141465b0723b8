import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// serve's own refusals (an unknown route, an invalid request, a refused token) in the API's error
/// body as its own failure mocks show it: a numeric code stays a number, and what every error of
/// the API carries beside the code and message stays.
@Suite struct ServeErrorShapeTests {
    struct Record: Codable, Sendable { var id: String }

    static let records = Endpoint<Record>(
        id: "records.show", .get, "records", parameters: [.query("limit", .int, sample: .literal(1))], mock: "record",
        auth: .token, scenarios: ["missing"])

    /// A JSON store in Kinto's manner: `{"code": 404, "errno": 111, "error": "Not Found", "message": "…"}`.
    static let store = API(
        name: "store", envelope: .none, errors: ErrorShape(code: "$.errno", message: "$.message"),
        expired: [.status(401, code: 104)], auth: .basic(), endpoints: [records])

    /// Prometheus' manner: `{"status": "error", "errorType": "bad_data", "error": "…"}` beside a
    /// `{"status": "success", "data": …}` envelope.
    static let metrics = API(
        name: "metrics",
        envelope: EnvelopePolicy(
            code: "$.status", message: "$.error", payload: "$.data",
            success: ["success"], failure: ["error"]),
        errors: ErrorShape(code: "$.errorType", message: "$.error"),
        endpoints: [
            Endpoint<Record>(
                id: "records.show", .get, "records", parameters: [.query("limit", .int, sample: .literal(1))],
                mock: "record", scenarios: ["missing"])
        ])

    func harness(_ api: API, _ files: [String: String]) throws -> (ServeHarness, TemporaryMocks) {
        let mocks = try TemporaryMocks(files: files)
        var options = MockServerOptions()
        options.credentials = ["APICHECK_ACCOUNT": "ada", "APICHECK_PASSWORD": "pw"]
        return (try ServeHarness(api: api, mocks: mocks.url, options: options), mocks)
    }

    @Test func aNumericErrnoStaysANumberAndTheStatusFollows() async throws {
        let (harness, mocks) = try harness(
            Self.store,
            [
                "record.json": #"{"id": "r1"}"#,
                "record@expired.401.json":
                    #"{"code": 401, "errno": 104, "error": "Unauthorized", "message": "Please authenticate yourself"}"#,
                "record@missing.404.json": #"{"code": 404, "errno": 111, "error": "Not Found", "message": "The record does not exist"}"#,
            ])
        defer { harness.stop(); mocks.remove() }
        let notFound = try ServeHarness.json(try await harness.send(.get, "nowhere"))
        #expect(notFound["errno"] == .number("404"), "\(notFound.compactText)")
        #expect(notFound["code"] == .number("404"))
        // The example's status phrase (`Unauthorized` beside 401) follows the status too.
        #expect(notFound["error"] == .string("Not Found"), "\(notFound.compactText)")
        #expect(notFound["message"]?.stringValue?.contains("no declared endpoint") == true)

        let credentials = AuthPolicy.basicCredentials(account: "ada", password: "pw")
        let invalid = try await harness.send(.get, "records?limit=abc", headers: [("Authorization", "Basic " + credentials)])
        #expect(invalid.status == 400)
        let body = try ServeHarness.json(invalid)
        #expect(body["errno"] == .number("400") && body["code"] == .number("400"), "\(body.compactText)")
        #expect(body["error"] == .string("Bad Request"), "\(body.compactText)")
    }

    @Test func everyErrorsStatusMemberStaysBesideTheCode() async throws {
        let (harness, mocks) = try harness(
            Self.metrics,
            [
                "record.json": #"{"status": "success", "data": {"id": "r1"}}"#,
                "record@missing.400.json": #"{"status": "error", "errorType": "bad_data", "error": "no such record"}"#,
            ])
        defer { harness.stop(); mocks.remove() }
        let invalid = try await harness.send(.get, "records?limit=abc")
        #expect(invalid.status == 400)
        let body = try ServeHarness.json(invalid)
        #expect(body["status"] == .string("error"), "\(body.compactText)")
        #expect(body["errorType"] == .string("invalid_request"))
        #expect(body["error"]?.stringValue?.contains("records.show") == true)
        // A code asked for keeps the type it was asked in.
        let coded = try ServeHarness.json(try await harness.send(.get, "records?limit=1", headers: [("Prefer", "code=bad_data")]))
        #expect(coded["status"] == .string("bad_data"), "the envelope's code: \(coded.compactText)")
    }

    /// With no failure mock to follow, the declarations say what every error carries: the
    /// envelope's failure code beside the error's (Prometheus' `"status": "error"`), and a number
    /// where the API's declared codes at the error's code path are numbers.
    @Test func withoutAFailureMockTheDeclarationsShapeTheRefusal() async throws {
        var declared = Self.metrics
        declared.endpoints = [
            Endpoint<Record>(id: "records.show", .get, "records", parameters: [.query("limit", .int)], mock: "record").erased
        ]
        let (metrics, metricsMocks) = try harness(declared, ["record.json": #"{"status": "success", "data": {"id": "r1"}}"#])
        defer { metrics.stop(); metricsMocks.remove() }
        let invalid = try ServeHarness.json(try await metrics.send(.get, "records?limit=abc"))
        #expect(invalid["status"] == .string("error"), "\(invalid.compactText)")
        #expect(invalid["errorType"] == .string("invalid_request"))

        let open = API(
            name: "store", envelope: .none, errors: ErrorShape(code: "$.errno", message: "$.message"),
            expired: [.status(401, code: 104)],
            endpoints: [Endpoint<Record>(id: "records.show", .get, "records", mock: "record")])
        let (store, storeMocks) = try harness(open, ["record.json": #"{"id": "r1"}"#])
        defer { store.stop(); storeMocks.remove() }
        let notFound = try ServeHarness.json(try await store.send(.get, "nowhere"))
        #expect(notFound["errno"] == .number("404"), "\(notFound.compactText)")
    }

    /// MLflow's errors carry their class beside the code (`"error_class": "RESOURCE_NOT_FOUND"`
    /// beside a 404's `RESOURCE_DOES_NOT_EXIST`): a refusal keeps the member, not that error's
    /// value. A value the failure mocks of two codes share is the API's own and stays.
    @Test func aRefusalKeepsTheMembersButNotAnotherErrorsValues() async throws {
        func tracking(_ scenarios: [ScenarioName]) -> API {
            API(
                name: "tracking", envelope: .none, errors: ErrorShape(code: "$.error_code", message: "$.message"),
                endpoints: [
                    Endpoint<Record>(
                        id: "records.show", .get, "records", parameters: [.query("limit", .int)], mock: "record", scenarios: scenarios)
                ])
        }
        let notFound =
            #"{"error_code": "RESOURCE_DOES_NOT_EXIST", "message": "No record", "sqlstate": "KAM00", "error_class": "RESOURCE_NOT_FOUND", "#
            + #""details": [{"id": "r9"}], "retryable": false}"#
        let (one, oneMocks) = try harness(tracking(["missing"]), ["record.json": #"{"id": "r1"}"#, "record@missing.404.json": notFound])
        defer { one.stop(); oneMocks.remove() }
        let invalid = try await one.send(.get, "records?limit=abc")
        #expect(invalid.status == 400)
        let body = try ServeHarness.json(invalid)
        #expect(body["error_code"] == .string("invalid_request"), "\(body.compactText)")
        #expect(body["error_class"] == .string("") && body["sqlstate"] == .string(""), "\(body.compactText)")
        #expect(body["details"] == .array([]) && body["retryable"] == .bool(false), "\(body.compactText)")
        #expect(body["message"]?.stringValue?.contains("records.show") == true)

        let invalidValue =
            #"{"error_code": "INVALID_PARAMETER_VALUE", "message": "Bad", "sqlstate": "KAM00", "error_class": "INVALID_PARAMETER_VALUE"}"#
        let (two, twoMocks) = try harness(
            tracking(["missing", "bad"]),
            ["record.json": #"{"id": "r1"}"#, "record@missing.404.json": notFound, "record@bad.400.json": invalidValue])
        defer { two.stop(); twoMocks.remove() }
        let wrongMethod = try await two.send(.delete, "records")
        #expect(wrongMethod.status == 405)
        let refused = try ServeHarness.json(wrongMethod)
        #expect(refused["error_code"] == .string("method_not_allowed"), "\(refused.compactText)")
        #expect(refused["sqlstate"] == .string("KAM00") && refused["error_class"] == .string(""), "\(refused.compactText)")
    }
}
