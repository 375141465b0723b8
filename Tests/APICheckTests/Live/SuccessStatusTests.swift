import APICheck
import Foundation
import Testing

/// A success answered under another status than the endpoint declares is a finding of its own,
/// whether or not its body also fails to decode: a `DELETE` declared `204` that answers `200`
/// with a JSON body breaks both promises, and each says something different to fix.
@Suite struct SuccessStatusTests {
    struct Item: Decodable, Sendable { var id: Int }

    static let remove = Endpoint<NoContent>(
        id: "items.delete", .delete, "items/1", mock: "item_delete", enveloped: false, successStatus: 204)
    static let show = Endpoint<Item>(id: "items.show", .get, "items/1", mock: "item", enveloped: false, successStatus: 200)
    static let put = Endpoint<Item>(id: "items.put", .put, "items/1", mock: "item", enveloped: false).alsoSucceeding(with: 201)
    static let livez = Endpoint<JSONValue>(id: "livez", .get, "livez/", mock: "livez", enveloped: false).acceptingEmptyBody()
    static let status = Endpoint<JSONValue>(id: "status", .get, "status/", mock: "status", enveloped: false)
    static let api = API(name: "t", envelope: EnvelopePolicy(), endpoints: [remove, show, put, livez, status])

    struct Fixed: Transport {
        let status: Int
        let body: String
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func findings(_ endpoint: String, status: Int, body: String) async -> [FindingKind] {
        await errors(endpoint, status: status, body: body).map(\.kind)
    }

    func errors(_ endpoint: String, status: Int, body: String) async -> [Finding] {
        let report = await LiveCheck(
            api: Self.api, transport: Fixed(status: status, body: body),
            options: LiveOptions(baseURL: URL(string: "http://api.invalid/")!, only: [endpoint], probes: false, errorChecks: false)
        ).run()
        return report.endpointResults.first { $0.endpoint == endpoint }?.findings.filter { $0.severity == .error } ?? []
    }

    @Test func anotherSuccessStatusIsFoundBesideABodyThatDoesNotDecode() async {
        let kinds = await findings("items.delete", status: 200, body: #"{"deleted": true}"#)
        #expect(kinds.contains(.httpStatus), "\(kinds)")
        #expect(kinds.contains(.decode), "\(kinds)")
    }

    @Test func anotherSuccessStatusWhoseBodyDecodesIsFoundAlone() async {
        #expect(await findings("items.show", status: 201, body: #"{"id": 1}"#) == [.httpStatus])
        #expect(await findings("items.show", status: 200, body: #"{"id": 1}"#) == [])
    }

    /// A PUT that answers 200 for an item that was there and 201 for one it made declares both:
    /// either is a success, a third status is still found, and the finding names both.
    @Test func everyDeclaredSuccessStatusIsASuccess() async throws {
        #expect(await findings("items.put", status: 201, body: #"{"id": 1}"#) == [])
        #expect(await findings("items.put", status: 200, body: #"{"id": 1}"#) == [])
        let found = try #require(await errors("items.put", status: 202, body: #"{"id": 1}"#).first)
        #expect(found.kind == .httpStatus)
        #expect(found.expected == "HTTP 200 or 201")
        #expect(found.message.hasSuffix("the endpoint declares 200 or 201"), "\(found.message)")
        #expect(Self.put.erased.successStatuses == [200, 201])
        #expect(Self.put.alsoSucceeding(with: 201, 200, 206).erased.successStatuses == [200, 201, 206])
    }

    /// A read declared to answer JSON or nothing (Pulp's `livez`, whose 200 the document leaves
    /// without content) passes either way; one declared JSON alone still finds an empty body.
    @Test func aReadAcceptingAnEmptyBodyPassesEmptyAndJSONAnswers() async throws {
        #expect(await findings("livez", status: 200, body: "") == [])
        #expect(await findings("livez", status: 200, body: #"{"ok": true}"#) == [])
        #expect(await findings("livez", status: 200, body: "<html>") == [.notJSON])
        #expect(await findings("status", status: 200, body: "") == [.emptyBody])
        #expect(Self.livez.erased.acceptsEmptyBody && !Self.status.erased.acceptsEmptyBody)
    }

    /// An error in the API's declared shape names its status beside its code: "NoSuchJob" alone
    /// hides that the server answered 404.
    @Test func anErrorStatusesCodeIsFoundWithTheStatus() async throws {
        let api = API(name: "t", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.description"), endpoints: [Self.show])
        let report = await LiveCheck(
            api: api, transport: Fixed(status: 404, body: #"{"code": "NoSuchJob", "description": "gone"}"#),
            options: LiveOptions(baseURL: URL(string: "http://api.invalid/")!, probes: false, errorChecks: false)
        ).run()
        let finding = try #require(report.endpointResults.first?.findings.first { $0.kind == .serverCode })
        #expect(finding.found == #"HTTP 404, "NoSuchJob""#)
        #expect(finding.expected == "HTTP 200")
    }

    @Test func anErrorStatusIsNoSuccessStatusFinding() async {
        // A 404 is the API's error, told by its own finding, not a success under another status.
        let errors = await errors("items.show", status: 404, body: #"{"error": "gone"}"#)
        #expect(!errors.isEmpty)
        #expect(!errors.contains { $0.message.contains("a success answered with") }, "\(errors.map(\.message))")
    }
}
