// swift-format-ignore-file: AlwaysUseLowerCamelCase
import APICheck
import Foundation
import MockServer
import TestSupport
import Testing

/// Declared error checks over `serve`: serve answers a check's scenario on its provoking input,
/// so `live` against it passes; a scenario mock with another status, a success or a body outside
/// the API's error shape fails the check, naming the scenario and the JSONPath.
@Suite(.serialized) struct ErrorCheckServeTests {
    struct RoomName: Codable, Sendable { var name: String }
    struct Message: Codable, Sendable { var body: String }
    struct Sent: Codable, Sendable { var event_id: String }

    static let name = Endpoint<RoomName>(
        id: "rooms.name", .get, "rooms/{roomId}/state/m.room.name",
        parameters: [.path("roomId", .string, sample: .literal("!abc:chat")), .query("limit", .int, sample: .literal(5))],
        mock: "room_name",
        errorChecks: [
            .scenario("not_found", status: 404, code: "M_NOT_FOUND", inputs: ["roomId": "!nope:chat"]),
            .scenario("bad_limit", status: 400, code: "M_INVALID_PARAM", inputs: ["limit": -1]),
        ])
    static let send = Endpoint<Sent>(
        id: "rooms.send", .post, "rooms/{roomId}/send", parameters: [.path("roomId", .string, sample: .literal("!abc:chat"))],
        mock: "send",
        body: .json(Message.self, inputs: [.input("text", .string, sample: .literal("hello"))]) { Message(body: $0.string("text")) },
        errorChecks: [.scenario("too_large", status: 413, code: "M_TOO_LARGE", inputs: ["text": "an oversized message"], sent: .always)])
    static let api = API(
        name: "rooms", envelope: .none, errors: ErrorShape(code: "$.errcode", message: "$.error"),
        endpoints: [name, send])

    static let mocks: [String: String] = [
        "room_name.json": #"{"name": "General"}"#,
        "room_name@not_found.404.json": #"{"errcode": "M_NOT_FOUND", "error": "Room not found"}"#,
        "room_name@bad_limit.400.json": #"{"errcode": "M_INVALID_PARAM", "error": "limit must be positive"}"#,
        "send.json": #"{"event_id": "$e1"}"#,
        "send@too_large.413.json": #"{"errcode": "M_TOO_LARGE", "error": "Event too large"}"#,
    ]

    static func live(_ files: [String: String], baseline: [String: String]? = nil) async throws -> Report {
        let served = try TemporaryMocks(files: files)
        defer { served.remove() }
        let compared = try TemporaryMocks(files: baseline ?? files)
        defer { compared.remove() }
        let harness = try ServeHarness(api: api, mocks: served.url, options: MockServerOptions(allowInvalid: true))
        defer { harness.stop() }
        return await LiveCheck(
            api: api, transport: harness.transport,
            options: LiveOptions(
                baseURL: harness.server.baseURL, mocksDirectory: compared.url, environment: [:])
        ).run()
    }

    static func lines(_ report: Report) -> [String] {
        report.errorCheckResults.flatMap { result in
            result.findings.map {
                "\(result.scenario ?? "-") \($0.severity) \($0.kind) \($0.path ?? "-") \($0.expected ?? "-") / \($0.found ?? "-")"
            }
        }
    }

    @Test func serveAnswersEachScenarioOnItsProvokingInputAndLivePasses() async throws {
        #expect(Self.api.problems.isEmpty)
        let report = try await Self.live(Self.mocks)
        #expect(report.allFindings.map(\.message) == [])
        #expect(
            report.errorCheckResults.map { "\($0.name) \($0.status ?? 0)" } == [
                "error-check not_found rooms.name 404", "error-check bad_limit rooms.name 400", "error-check too_large rooms.send 413",
            ])
        #expect(report.verdict == .holds)
    }

    @Test func aWrongStatusIsAFinding() async throws {
        var files = Self.mocks
        files["room_name@not_found.404.json"] = nil
        files["room_name@not_found.410.json"] = #"{"errcode": "M_NOT_FOUND", "error": "Room not found"}"#
        let report = try await Self.live(files)
        #expect(Self.lines(report) == ["not_found error error-check - HTTP 404 / HTTP 410"])
        #expect(report.verdict == .violated)
    }

    @Test func aSuccessWhereAFailureIsDeclaredIsAFinding() async throws {
        var files = Self.mocks
        files["room_name@not_found.404.json"] = nil
        files["room_name@not_found.json"] = #"{"name": "Nope"}"#
        let report = try await Self.live(files)
        #expect(
            Self.lines(report) == [
                "not_found error error-check - HTTP 404 / HTTP 200",
                "not_found error error-check $.errcode HTTP 404, code \"M_NOT_FOUND\" / success (HTTP 200)",
            ])
    }

    @Test func aBodyOutsideTheErrorShapeOrAnotherCodeIsAFindingAtTheCodesPath() async throws {
        var files = Self.mocks
        files["room_name@not_found.404.json"] = #"{"message": "no such room"}"#
        files["send@too_large.413.json"] = #"{"errcode": "M_FORBIDDEN", "error": "no"}"#
        let report = try await Self.live(files)
        #expect(
            Self.lines(report) == [
                "not_found error error-check $.errcode an error body with its code at $.errcode / absent",
                "too_large error error-check $.errcode code \"M_TOO_LARGE\" / code \"M_FORBIDDEN\"",
            ])
        let finding = try #require(report.errorCheckResults.first?.findings.first)
        #expect(finding.message == "scenario 'not_found' (roomId=!nope:chat): the answer's body is not in the API's error shape")
        #expect(finding.endpoint == "rooms.name")
    }

    @Test func driftAgainstTheScenarioMockIsAWarning() async throws {
        var files = Self.mocks
        files["room_name@not_found.404.json"] = #"{"errcode": "M_NOT_FOUND", "error": "Room not found", "soft_logout": false}"#
        let report = try await Self.live(files, baseline: Self.mocks)
        #expect(Self.lines(report) == ["not_found warning drift-added $.soft_logout absent / Bool"])
        #expect(report.verdict == .holds)
    }

    @Test func theAuditRejectsAScenarioMockThatIsNotTheDeclaredFailure() throws {
        var files = Self.mocks
        files["room_name@not_found.404.json"] = nil
        files["room_name@not_found.json"] = #"{"errcode": "M_NOT_FOUND", "error": "Room not found"}"#
        files["send@too_large.413.json"] = #"{"errcode": "M_FORBIDDEN", "error": "no"}"#
        let folder = try TemporaryMocks(files: files)
        defer { folder.remove() }
        let report = MockAudit(api: Self.api, directory: folder.url).run()
        #expect(
            report.allFindings.filter { $0.kind == .mockScenario }.map { "\($0.endpoint ?? "-") \($0.path ?? "-") \($0.found ?? "-")" }
                .sorted() == [
                    "rooms.name $.errcode success (HTTP 200)", "rooms.name - HTTP 200", "rooms.send $.errcode code \"M_FORBIDDEN\"",
                ])
        #expect(report.allFindings.contains { $0.message.contains("pin the status in the file's name: room_name@not_found.404.json") })
    }
}
