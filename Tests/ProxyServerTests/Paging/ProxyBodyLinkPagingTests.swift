import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// An app that pages by the `rel: next` link among an answer's `links`, through the proxy: a
/// page asked at the link the page before gave is judged against it, and a clean walk finds nothing.
@Suite struct ProxyBodyLinkPagingTests {
    struct Items: Decodable, Sendable {}

    static let items = Endpoint<Items>(
        id: "lakes.items", .get, "collections/lakes/items",
        parameters: [.query("limit", .int, sample: .literal(2)), .query("offset", .int)], mock: "lakes",
        paging: .url(ids: "$.features[*].id", from: .bodyLink(rel: "next", in: "$.links"), size: "limit"))
    static let api = API(name: "geo", environments: [:], envelope: .none, endpoints: [items])

    static func page(_ ids: [Int], next: String?) -> String {
        let links =
            [#"{"rel":"self","href":"items"}"#] + (next.map { [#"{"rel":"next","type":"application/json","href":"\#($0)"}"#] } ?? [])
        return #"{"features":["# + ids.map { #"{"id":\#($0)}"# }.joined(separator: ",") + #"],"links":["#
            + links.joined(separator: ",") + "]}"
    }

    func walk(_ answers: [String: String], asking queries: [String]) async throws -> [GroupedFinding] {
        let server = try TestServer { request in
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            guard let body = answers[query] else { return ServerResponse(status: 404) }
            return .json(Data(body.utf8))
        }
        defer { server.stop() }
        let harness = try ProxyHarness(api: Self.api, upstream: server.url("/"))
        defer { harness.stop() }
        for (index, query) in queries.enumerated() {
            #expect(try await harness.send("/collections/lakes/items?\(query)").status == 200)
            await harness.settled(index + 1)
        }
        return harness.findings.filter { $0.finding.kind == .paging }
    }

    @Test func anItemTwiceAlongTheNextLinksIsFound() async throws {
        let found = try await walk(
            [
                "limit=2": Self.page([1, 2], next: "items?offset=2&limit=2"),
                "offset=2&limit=2": Self.page([2, 3], next: "items?offset=4&limit=2"),
                "offset=4&limit=2": Self.page([4], next: nil),
            ], asking: ["limit=2", "offset=2&limit=2", "offset=4&limit=2"])
        #expect(found.map(\.finding.expected) == ["each id once"], "\(found.map(\.finding.message))")
        #expect(found.first?.finding.found == "2")
    }

    @Test func aCleanWalkAlongTheNextLinksFindsNothing() async throws {
        let found = try await walk(
            [
                "limit=2": Self.page([1, 2], next: "items?offset=2&limit=2"),
                "offset=2&limit=2": Self.page([3, 4], next: "items?offset=4&limit=2"),
                "offset=4&limit=2": Self.page([5], next: nil),
            ], asking: ["limit=2", "offset=2&limit=2", "offset=4&limit=2"])
        #expect(found.isEmpty, "\(found.map(\.finding.message))")
    }
}
