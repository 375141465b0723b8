import APICheck
import Foundation
import Testing

/// An HTTP error status is a failure whatever its body says: a success envelope in a 500, or an
/// empty body where the endpoint answers nothing on success, never reaches the app as a success.
@Suite struct ErrorStatusTests {
    struct Item: Decodable, Sendable, Equatable { var id: Int }

    static let item = Endpoint<Item>(id: "items.show", .get, "items/1", mock: "item")
    static let remove = Endpoint<NoContent>(id: "items.delete", .delete, "items/1", mock: "item_delete", successStatus: 204)
    static let api = API(name: "t", envelope: EnvelopePolicy(successCodes: [200]), endpoints: [item, remove])

    struct Fixed: Transport {
        let response: HTTPResponse
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
    }

    func call(_ endpoint: AnyEndpoint, status: Int, body: String) async -> CallOutcome {
        let response = HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        return await APIClient(api: Self.api, transport: Fixed(response: response)).call(endpoint)
    }

    @Test(arguments: [500, 502, 404])
    func aSuccessEnvelopeInAnErrorStatusIsNoSuccess(status: Int) async throws {
        let body = #"{"code": 200, "msg": "success", "datas": {"id": 3}}"#
        let outcome = await call(Self.item.erased, status: status, body: body)
        #expect(outcome.error != nil, "HTTP \(status) with a success envelope was taken as a success")
        if case .success? = outcome.classification { Issue.record("classified as success") }
        // The app's own call throws as well.
        let client = APIClient(api: Self.api, transport: Fixed(response: HTTPResponse(status: status, headers: [], body: Data(body.utf8))))
        await #expect(throws: APIError.self) { _ = try await client.send(Self.item) }
        #expect(await self.call(Self.item.erased, status: 200, body: body).error == nil, "the same body with 200 is a success")
    }

    @Test(arguments: [500, 503, 401])
    func anEmptyBodyWithAnErrorStatusIsNoNoContentSuccess(status: Int) async throws {
        let outcome = await call(Self.remove.erased, status: status, body: "")
        let error = try #require(outcome.error, "HTTP \(status) with an empty body was taken as NoContent")
        if case .success? = outcome.classification { Issue.record("classified as success") }
        #expect(error.description.contains("\(status)"), "\(error.description)")
        #expect(await call(Self.remove.erased, status: 204, body: "").error == nil, "an empty 204 is the answer")
    }

    /// A conditional read declared to answer 304 (`If-None-Match` with the current ETag): the
    /// empty 304 is its success; another endpoint's 304 is still no success.
    @Test func aDeclared304WithNoBodyIsTheSuccess() async throws {
        let unchanged = Endpoint<NoContent>(id: "items.unchanged", .get, "items/1", mock: "item_unchanged", successStatus: 304).erased
        let outcome = await call(unchanged, status: 304, body: "")
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        if case .success? = outcome.classification {} else { Issue.record("a declared 304 was not a success") }
        #expect(await call(Self.remove.erased, status: 304, body: "").error != nil)
    }
}
