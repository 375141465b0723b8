@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A typed request body writes its dates as the API declares them (`API.dates`), as its answers
/// are read: what the client sends, what a live run sends and reproduces, what `openapi` shows as
/// the example, and how a received body is read back.
@Suite struct RequestBodyDateTests {
    struct NewEvent: Codable, Sendable {
        var title: String
        var starts: Date
    }

    struct Created: Decodable, Sendable { var id: Int }

    /// 2026-11-01T10:00:00Z.
    static let starts = Date(timeIntervalSince1970: 1_793_527_200)
    static let event = NewEvent(title: "stand-up", starts: starts)

    static let create = Endpoint<Created>(
        id: "events.create", .post, "events", mock: "created",
        body: .json(NewEvent.self, sample: event))
    static let createForm = Endpoint<Created>(
        id: "events.createForm", .post, "events/form", mock: "created",
        body: .form(NewEvent.self, sample: event))

    static func api(_ dates: DateDecoding) -> API {
        API(name: "agenda", envelope: .none, dates: dates, endpoints: [create, createForm])
    }

    /// Answers every request `{"id": 1}` and keeps what it was sent.
    final class Capture: Transport {
        let bodies = Mutex<[String]>([])
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            bodies.withLock { $0.append(String(decoding: request.body ?? Data(), as: UTF8.self)) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"id": 1}"#.utf8))
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var dates: DateDecoding
        var json: String
        var form: String
        var testDescription: String { "\(dates)" }
    }

    static let cases = [
        Case(
            dates: .iso8601, json: #"{"starts":"2026-11-01T10:00:00Z","title":"stand-up"}"#,
            form: "starts=2026-11-01T10%3A00%3A00Z&title=stand-up"),
        Case(dates: .secondsSince1970, json: #"{"starts":1793527200,"title":"stand-up"}"#, form: "starts=1793527200&title=stand-up"),
        Case(
            dates: .millisecondsSince1970, json: #"{"starts":1793527200000,"title":"stand-up"}"#,
            form: "starts=1793527200000&title=stand-up"),
    ]

    @Test(arguments: cases) func theClientSendsABodysDatesAsTheAPIWritesThem(_ given: Case) async throws {
        let capture = Capture()
        let client = APIClient(api: Self.api(given.dates), baseURL: URL(string: "http://agenda.invalid/")!, transport: capture)
        _ = try await client.send(Self.create, body: NewEvent(title: "stand-up", starts: Self.starts))
        _ = try await client.send(Self.createForm, body: NewEvent(title: "stand-up", starts: Self.starts))
        #expect(capture.bodies.withLock { $0 } == [given.json, given.form])
    }

    @Test(arguments: cases) func aReceivedBodyIsReadWithTheAPIsDates(_ given: Case) throws {
        let json = try #require(Self.create.erased.requestBody)
        let form = try #require(Self.createForm.erased.requestBody)
        #expect(json.check(try JSONParser.parse(Data(given.json.utf8)), dates: given.dates) == nil)
        #expect(form.check(FormBody.document(Data(given.form.utf8)), dates: given.dates) == nil)
        // A date written another way is refused, with what the API expects.
        let other: DateDecoding = given.dates == .iso8601 ? .secondsSince1970 : .iso8601
        #expect(json.check(try JSONParser.parse(Data(given.json.utf8)), dates: other)?.path.description == "$.starts")
    }

    /// A date with a fraction of a second keeps it, and reads back as the same date.
    @Test func anISO8601DateKeepsItsFractionOfASecond() throws {
        let body = try #require(Self.create.erased.requestBody)
        let sent = try body.json(of: NewEvent(title: "x", starts: Self.starts.addingTimeInterval(0.25)), dates: .iso8601)
        #expect(sent["starts"] == .string("2026-11-01T10:00:00.250Z"))
        #expect(body.check(sent, dates: .iso8601) == nil)
    }

    @Test func aLiveRunSendsAndReproducesTheSampleWithTheAPIsDates() async throws {
        let capture = Capture()
        let report = await LiveCheck(
            api: Self.api(.iso8601), transport: capture,
            options: LiveOptions(baseURL: URL(string: "http://agenda.invalid/")!)
        ).run()
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(capture.bodies.withLock { $0 }.sorted() == [Self.cases[0].form, Self.cases[0].json].sorted())
        let result = try #require(report.results.first { $0.name == "events.create" })
        #expect(
            ReproduceCommand.curl(try #require(result.request)).hasSuffix(
                #"--data-binary '{"starts":"2026-11-01T10:00:00Z","title":"stand-up"}'"#))
    }

    @Test func openAPIShowsTheExampleDateInTheSchemasFormat() throws {
        let document = try OpenAPIDocument(api: Self.api(.iso8601)).build().document
        let media = document["paths"]?["/events"]?["post"]?["requestBody"]?["content"]?["application/json"]
        #expect(media?["example"]?["starts"] == .string("2026-11-01T10:00:00Z"))
        let schema = try #require(media?["schema"])
        var properties = schema["properties"]
        if case let .string(reference)? = schema["$ref"], let name = reference.split(separator: "/").last {
            properties = document["components"]?["schemas"]?[String(name)]?["properties"]
        }
        #expect(properties?["starts"]?["format"] == .string("date-time"))
    }
}
