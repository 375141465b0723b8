import APICheck
import Foundation
import HTTPServer
import MockServer
import ProxyServer
import TestSupport
import Testing

/// `serve` in front of mocks whose lists carry their cursor in the request's body, read through
/// the proxy as a client follows them: serve answers the mocks' pages in order, each next page
/// from the cursor the page before gave, and its answers pass every check the proxy makes.
@Suite struct ProxyBodyPagingServeTests {
    static let mocks = [
        "all_docs.json": RangeReadAPI.rows(["a", "b", "c", "d", "e"]),
        "search.json": RangeReadAPI.hits([1, 2, 3, 4, 5], next: "recorded-token"),
    ]

    @Test func serveAnswersTheBodyCursorsPagesInOrderAndPassesTheProxysChecks() async throws {
        let folder = try TemporaryFolder("proxy-body-paging")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let serve = try MockServer(api: RangeReadAPI.api, mocks: folder.url)
        try serve.start()
        defer { serve.stop() }
        let harness = try ProxyHarness(api: RangeReadAPI.api, upstream: serve.baseURL, mocks: folder.url)
        defer { harness.stop() }
        var sent = 0
        func document(_ path: String, _ headers: [(name: String, value: String)], _ body: String) async throws -> JSONValue {
            let answer = try await harness.send(.post, path, headers: headers, body: Data(body.utf8))
            sent += 1
            #expect(answer.status == 200, "\(body): \(String(decoding: answer.body, as: UTF8.self))")
            return try JSONParser.parse(answer.body)
        }

        // The range read: each page asked from the last key of the one before, which it repeats.
        var keys: [String] = []
        var start: String?
        for _ in 0..<10 {
            let body = start.map { #"{"start_key": "\#($0)", "limit": 2}"# } ?? #"{"limit": 2}"#
            guard case let .array(rows)? = try await document("/db/_all_docs", RangeReadAPI.json, body)["rows"] else { break }
            let page = rows.compactMap { $0["key"]?.stringValue }
            keys += start == nil ? page : Array(page.dropFirst())
            if page.count < 2 { break }
            start = page.last
        }
        #expect(keys == ["a", "b", "c", "d", "e"])

        // The search: each page asked with the token the page before gave, in a form field.
        var ids: [Int64] = []
        var token: String?
        for _ in 0..<10 {
            let answer = try await document("/search", RangeReadAPI.form, "q=kettle&limit=2" + (token.map { "&cursor=" + $0 } ?? ""))
            guard case let .array(hits)? = answer["hits"] else { break }
            ids += hits.compactMap { $0["id"]?.int64Value }
            token = answer["next"]?.stringValue
            if token == nil { break }
        }
        #expect(ids == [1, 2, 3, 4, 5])

        await harness.settled(sent)
        #expect(harness.findings.isEmpty, "\(harness.findings.map(\.finding.message))")
    }

    /// A token serve never issued, sent in the form body, is refused where it was sent: a
    /// refusal naming a query parameter would send the app's developer to the wrong place.
    @Test func aTokenServeNeverIssuedIsRefusedAsTheBodysField() throws {
        let folder = try TemporaryFolder("proxy-body-paging-refusal")
        defer { folder.remove() }
        for (name, body) in Self.mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        let serve = try MockServer(api: RangeReadAPI.api, mocks: folder.url)
        let answer = serve.respond(
            to: ServerRequest(
                method: "POST", path: "/search", headers: RangeReadAPI.form, body: Data("q=kettle&cursor=s72_3".utf8)))
        #expect(answer.status == 400)
        // In the API's own error shape, `{"error": …, "reason": …}`.
        let detail = try JSONParser.parse(answer.body)["reason"]?.stringValue ?? ""
        #expect(detail.contains("cursor (body): 's72_3' is not a token serve issued"), "\(String(decoding: answer.body, as: UTF8.self))")
    }
}
