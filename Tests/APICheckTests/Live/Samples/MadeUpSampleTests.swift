import APICheck
import Foundation
import Testing

/// A body `import-openapi` made up from the schema (`"string"`, `0`) that a server refuses with a
/// client error says nothing of the contract: the check is not checked, and says which declaration
/// to give a real sample. A refusal of a body a person wrote, a 5xx, an auth answer and a 404 of an
/// id the server listed itself stay the endpoint's errors.
@Suite struct MadeUpSampleTests {
    struct Item: Decodable, Sendable { var id: Int }
    struct NewItem: Codable, Sendable { var name: String }

    static func create(madeUp: Bool) -> Endpoint<Item> {
        let body = RequestBody.json(NewItem.self, sample: NewItem(name: "string"))
        return Endpoint<Item>(
            id: "items.create", .post, "items/", mock: "item", enveloped: false, successStatus: 201,
            body: madeUp ? body.madeUp() : body)
    }

    static let list = Endpoint<[Item]>(id: "items.list", .get, "items/", mock: "items", enveloped: false)
    static let update = Endpoint<Item>(
        id: "items.update", .put, "items/{id}/",
        parameters: [.path("id", .int, sample: .environment("SHOP_ITEM_ID", fallback: nil))],
        mock: "item", enveloped: false, body: RequestBody.json(NewItem.self, sample: NewItem(name: "string")).madeUp())
    static let show = Endpoint<Item>(
        id: "items.show", .get, "items/{id}/",
        parameters: [
            .path(
                "id", .int, sample: .environmentOr("SHOP_ITEM_ID", otherwise: .seen(endpoint: "items.list", path: "$[0].id", fallback: nil))
            )
        ],
        mock: "item", enveloped: false)
    static let rename = Endpoint<Item>(
        id: "items.rename", .post, "items/{id}/rename/",
        parameters: [.path("id", .int, sample: .seen(endpoint: "items.list", path: "$[0].id", fallback: nil))],
        mock: "item", enveloped: false, body: RequestBody.json(NewItem.self, sample: NewItem(name: "string")).madeUp())

    /// Answers a POST or PUT with `writes`, a read of the collection with a list of one item, and
    /// a read of an item with the item.
    struct Server: Transport {
        let writes: Int
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let write = request.method == .post || request.method == .put
            let list = request.url.absoluteString.hasSuffix("/items/")
            let body =
                write ? (writes < 300 ? #"{"id": 7}"# : #"{"detail": "name: not a real name"}"#) : list ? #"[{"id": 7}]"# : #"{"id": 7}"#
            return HTTPResponse(status: write ? writes : 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        }
    }

    func run(_ endpoints: [any EndpointConvertible], writes: Int, environment: [String: String] = [:]) async -> Report {
        let api = API(name: "shop", envelope: .none, endpoints: endpoints)
        return await LiveCheck(
            api: api, transport: Server(writes: writes),
            options: LiveOptions(baseURL: URL(string: "http://shop.invalid/")!, environment: environment, probes: false, errorChecks: false)
        ).run()
    }

    @Test func aClientErrorRefusalOfAMadeUpBodyIsNotChecked() async throws {
        for status in [400, 403, 409, 422] {
            let report = await run([Self.create(madeUp: true)], writes: status)
            let result = try #require(report.endpointResults.first)
            #expect(result.findings.filter { $0.severity == .error }.isEmpty, "\(result.findings)")
            let reason = try #require(result.skipped?.rawValue)
            #expect(reason.hasPrefix(#"HTTP \#(status) refused the body made up from the schema ("name: not a real name"): "#), "\(reason)")
            #expect(reason.contains("items.create's declaration"), "\(reason)")
            #expect(result.status == status && result.request != nil)
            // Not checked is no contract error: the run is incomplete (exit 2), as any skipped check makes it.
            #expect(report.verdict == .incomplete)
        }
    }

    @Test func aRefusalOfABodyAPersonWroteStaysAnError() async throws {
        let report = await run([Self.create(madeUp: false)], writes: 422)
        let result = try #require(report.endpointResults.first)
        #expect(result.skipped == nil)
        #expect(result.findings.map(\.kind).contains(.httpStatus))
        #expect(report.verdict == .violated)
    }

    /// A server error is the server's, whatever it was sent; an auth answer is the token's.
    @Test func aServerErrorOrAnAuthAnswerToAMadeUpBodyStaysAnError() async throws {
        for status in [500, 503, 401] {
            let report = await run([Self.create(madeUp: true)], writes: status)
            let result = try #require(report.endpointResults.first)
            #expect(result.skipped == nil, "\(status)")
            #expect(!result.findings.filter { $0.severity == .error }.isEmpty, "\(status)")
        }
    }

    @Test func aMadeUpBodyTheServerTakesIsCheckedAsAnyOther() async throws {
        let report = await run([Self.create(madeUp: true)], writes: 201)
        let result = try #require(report.endpointResults.first)
        #expect(result.skipped == nil && result.passed, "\(result.findings)")
    }

    /// The id came from the server's own list: its 404 names no made-up value.
    @Test func aNotFoundOfAnIdTheServerListedStaysAnError() async throws {
        let report = await run([Self.list, Self.rename], writes: 404)
        let result = try #require(report.endpointResults.first { $0.endpoint == "items.rename" })
        #expect(result.skipped == nil)
        #expect(result.findings.map(\.kind).contains(.httpStatus))
        let refused = await run([Self.list, Self.rename], writes: 400)
        #expect(refused.endpointResults.first { $0.endpoint == "items.rename" }?.skipped != nil)
    }

    /// Label Studio's `POST /api/storages/azure/validate` answers Django's HTML page: the path is
    /// not routed, which no body explains. Its JSON 404 for a project the body names is a refusal.
    @Test func aNotFoundPageThatIsNoJSONStaysAnError() async throws {
        struct Page: Transport {
            let json: Bool
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                let (type, body) =
                    json ? ("application/json", #"{"detail": "No Project matches"}"#) : ("text/html", "<html>Page not found</html>")
                return HTTPResponse(status: 404, headers: [("Content-Type", type)], body: Data(body.utf8))
            }
        }
        for json in [false, true] {
            let report = await LiveCheck(
                api: API(name: "shop", envelope: .none, endpoints: [Self.create(madeUp: true)]), transport: Page(json: json),
                options: LiveOptions(baseURL: URL(string: "http://shop.invalid/")!, probes: false, errorChecks: false)
            ).run()
            let result = try #require(report.endpointResults.first)
            #expect((result.skipped == nil) == !json, "\(result)")
            #expect(result.findings.contains { $0.kind == .httpStatus } == !json)
        }
    }

    /// A write whose id comes from a variable that is not set is not sent: not checked, saying the
    /// variable and the list whose answer holds such ids, not a `missing-sample` error.
    @Test func aWriteWhoseVariableIsUnsetIsNotCheckedAndNamesTheVariableAndItsList() async throws {
        let report = await run([Self.list, Self.show, Self.update], writes: 200)
        let result = try #require(report.endpointResults.first { $0.endpoint == "items.update" })
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.request == nil)
        #expect(
            result.skipped?.rawValue
                == "'id' comes from $SHOP_ITEM_ID, which is not set: set it to one of the values items.list answers at $[0].id")
        #expect(report.verdict == .incomplete, "\(report.allFindings.map(\.message))")
        let set = await run([Self.list, Self.show, Self.update], writes: 200, environment: ["SHOP_ITEM_ID": "7"])
        #expect(set.endpointResults.first { $0.endpoint == "items.update" }?.passed == true)
    }
}
