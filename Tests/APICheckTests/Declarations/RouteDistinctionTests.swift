import APICheck
import Foundation
import TestSupport
import Testing

/// Two endpoints on one method and path: a declaration problem unless they say what tells them
/// apart; routed by it; one OpenAPI operation with every example.
@Suite struct RouteDistinctionTests {
    static func sync(_ first: Distinction?, _ second: Distinction?) -> API {
        API(
            name: "sync", envelope: EnvelopePolicy(),
            endpoints: [
                Endpoint<SyncAPI.Batch>(
                    id: "a", .get, "sync/{x}", parameters: [.path("x", .string)], mock: "a", enveloped: false,
                    distinguishedBy: first),
                Endpoint<SyncAPI.Batch>(
                    id: "b", .get, "sync/{y}", parameters: [.path("y", .string)], mock: "b", enveloped: false,
                    distinguishedBy: second),
                Endpoint<SyncAPI.Batch>(id: "c", .post, "sync/{y}", parameters: [.path("y", .string)], mock: "c", enveloped: false),
            ])
    }

    @Test func twoEndpointsOnOneRouteNeedADeclaredDistinction() {
        #expect(
            Self.sync(nil, nil).problems.map { "\($0.endpoint ?? "-"): \($0.message)" } == [
                "b: GET sync/{y} is also declared by a; declare what tells them apart "
                    + "(distinguishedBy: a query parameter present, absent or of a value, a header, a body field)"
            ])
        #expect(
            Self.sync(.header("X-Page"), .header("X-Page")).problems.map(\.message)
                == ["GET sync/{y} is also declared by a with the same distinction (header X-Page present)"])
        #expect(Self.sync(nil, .query("since", present: true)).problems.isEmpty)
        #expect(SyncAPI.api.problems.isEmpty)
    }

    /// A path without placeholders takes a shorter way to its route key: the method stays in it.
    @Test func aPlainPathIsOneRoutePerMethod() {
        func api(_ second: HTTPMethod) -> API {
            API(
                name: "plain", envelope: EnvelopePolicy(),
                endpoints: [
                    Endpoint<SyncAPI.Batch>(id: "a", .get, "sync/all", mock: "a", enveloped: false),
                    Endpoint<SyncAPI.Batch>(id: "b", second, "sync/all", mock: "b", enveloped: false),
                ])
        }
        #expect(api(.post).problems.isEmpty)
        #expect(
            api(.get).problems.map { "\($0.endpoint ?? "-"): \($0.message)" } == [
                "b: GET sync/all is also declared by a; declare what tells them apart "
                    + "(distinguishedBy: a query parameter present, absent or of a value, a header, a body field)"
            ])
    }

    @Test func theRouteTableTakesTheEndpointWhoseDistinctionTheRequestMeets() {
        let table = RouteTable(Self.sync(.bodyField("kind", value: "full"), .header("X-Page")).endpoints)
        func id(_ met: Set<String>) -> String? {
            guard case let .found(endpoint, values) = table.match(method: "GET", path: "sync/1", meets: { met.contains($0.description) })
            else { return nil }
            return "\(endpoint.id) \(values.map(\.name).joined())"
        }
        #expect(id([]) == "a x")
        #expect(id(["header X-Page present"]) == "b y")
        #expect(id(["body field kind = full", "header X-Page present"]) == "a x")
        let fallback = RouteTable(Self.sync(.query("since", present: true), nil).endpoints)
        guard case let .found(endpoint, _) = fallback.match(method: "GET", path: "sync/1") else { Issue.record("no match"); return }
        #expect(endpoint.id == "b")
    }

    @Test func distinctionsAreMetByQueryHeaderAndBody() {
        let none: (String) -> String? = { _ in nil }
        let since: (String) -> String? = { $0 == "since" ? "s1" : nil }
        #expect(Distinction.query("since", present: true).isMet(query: since, header: none, bodyField: none))
        #expect(!Distinction.query("since", present: false).isMet(query: since, header: none, bodyField: none))
        #expect(Distinction.query("since", value: "s1").isMet(query: since, header: none, bodyField: none))
        #expect(!Distinction.query("since", value: "s2").isMet(query: since, header: none, bodyField: none))
        #expect(!Distinction.query("since", value: "s1").isMet(query: none, header: none, bodyField: none))
        #expect(Distinction.header("X-Page", value: "2").isMet(query: none, header: { _ in "2" }, bodyField: none))
        #expect(!Distinction.header("X-Page", value: "2").isMet(query: none, header: { _ in "3" }, bodyField: none))
        #expect(Distinction.bodyField("kind").isMet(query: none, header: none, bodyField: { _ in "x" }))
    }

    @Test func openAPIMergesThemIntoOneOperationWithEveryExample() throws {
        let mocks = try SyncAPI.mockFolder()
        defer { mocks.remove() }
        let document = OpenAPIDocument(api: SyncAPI.api, mocks: MockDirectory(mocks.url, api: SyncAPI.api))
        #expect(document.mergedOperations.map { $0.map(\.id) } == [["sync.initial", "sync.since"]])
        let built = try document.build().document
        guard case let .object(item)? = built["paths"]?["/sync"] else { Issue.record("no /sync"); return }
        #expect(item.map(\.key) == ["get"])
        let operation = try #require(item.first?.value)
        #expect(operation["operationId"] == .string("sync.initial"))
        #expect(
            operation["description"]?.stringValue == "One operation for the endpoints declared on this method and path: "
                + "sync.initial (query since absent), sync.since (query since present).")
        guard case let .array(parameters)? = operation["parameters"] else { Issue.record("no parameters"); return }
        #expect(parameters.map { "\($0["name"]?.stringValue ?? "") \($0["required"] == .bool(true))" } == ["timeout false", "since false"])
        guard case let .object(examples)? = operation["responses"]?["200"]?["content"]?["application/json"]?["examples"] else {
            Issue.record("no examples"); return
        }
        #expect(examples.map(\.key) == ["success", "sync.since success"])
        #expect(examples.last?.value["value"]?["next_batch"] == .string("s2"))
    }
}
