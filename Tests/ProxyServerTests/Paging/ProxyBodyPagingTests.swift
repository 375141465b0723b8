import APICheck
import Foundation
import HTTPServer
import ProxyServer
import TestSupport
import Testing

/// The paging invariants across the pages of a list whose cursor travels in the request's body
/// (a JSON range read, a form search): consecutive pages are recognised by the cursor in the
/// body, each broken rule found once, and a body that changes anything but the cursor (a
/// filter) starts another list.
@Suite struct ProxyBodyPagingTests {
    typealias Page = (path: String, headers: [(name: String, value: String)], body: String)

    /// Sends `pages` in order, one at a time as an app scrolls, and returns the paging findings.
    func read(_ pages: [Page], from answers: [String: String]) async throws -> (all: [GroupedFinding], paging: [GroupedFinding]) {
        let server = try RangeReadAPI.backend(answers)
        defer { server.stop() }
        let harness = try ProxyHarness(api: RangeReadAPI.api, upstream: server.url("/"))
        defer { harness.stop() }
        for (index, page) in pages.enumerated() {
            let answer = try await harness.send(.post, page.path, headers: page.headers, body: Data(page.body.utf8))
            #expect(answer.status == 200, "\(page.body)")
            await harness.settled(index + 1)
        }
        return (harness.findings, harness.findings.filter { $0.finding.kind == .paging })
    }

    @Test func aCleanListWithItsCursorInTheBodyHasNoFinding() async throws {
        let (all, _) = try await read(
            [
                ("/db/_all_docs", RangeReadAPI.json, #"{"limit": 2}"#),
                // The fields in another order are the same list.
                ("/db/_all_docs", RangeReadAPI.json, #"{"start_key": "b", "limit": 2}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"limit": 2, "start_key": "c"}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"start_key": "d", "limit": 2}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"start_key": "e", "limit": 2}"#),
                ("/search", RangeReadAPI.form, "q=kettle&limit=2"),
                ("/search", RangeReadAPI.form, "q=kettle&limit=2&cursor=t1"),
                ("/search", RangeReadAPI.form, "cursor=t2&q=kettle&limit=2"),
            ],
            from: [
                "/db/_all_docs limit=2": RangeReadAPI.rows(["a", "b"]),
                "/db/_all_docs limit=2&start_key=b": RangeReadAPI.rows(["b", "c"]),
                "/db/_all_docs limit=2&start_key=c": RangeReadAPI.rows(["c", "d"]),
                "/db/_all_docs limit=2&start_key=d": RangeReadAPI.rows(["d", "e"]),
                "/db/_all_docs limit=2&start_key=e": RangeReadAPI.rows(["e"]),
                "/search limit=2&q=kettle": RangeReadAPI.hits([1, 2], next: "t1"),
                "/search cursor=t1&limit=2&q=kettle": RangeReadAPI.hits([3, 4], next: "t2"),
                "/search cursor=t2&limit=2&q=kettle": RangeReadAPI.hits([5], next: nil),
            ])
        #expect(all.isEmpty, "\(all.map(\.finding.message))")
    }

    @Test func anItemTwiceAcrossPagesOfABodyCursorIsFoundOnceByItsRule() async throws {
        let (_, paging) = try await read(
            [
                ("/db/_all_docs", RangeReadAPI.json, #"{"limit": 2}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"start_key": "b", "limit": 2}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"start_key": "c", "limit": 2}"#),
            ],
            from: [
                "/db/_all_docs limit=2": RangeReadAPI.rows(["a", "b"]),
                "/db/_all_docs limit=2&start_key=b": RangeReadAPI.rows(["b", "c"]),
                // The server's range restarts: the first page's "a" comes again.
                "/db/_all_docs limit=2&start_key=c": RangeReadAPI.rows(["c", "a"]),
            ])
        #expect(paging.map(\.finding.expected) == ["each id once"], "\(paging.map(\.finding.message))")
        #expect(paging.first?.finding.found == #""a""#)
        #expect(paging.first?.finding.endpoint == "docs.all")
        #expect(paging.first?.count == 1)
    }

    @Test func aNextCursorInAFormBodyThatAnEarlierPageGaveIsFoundOnceByItsRule() async throws {
        let (_, paging) = try await read(
            [
                ("/search", RangeReadAPI.form, "q=kettle&limit=2"),
                ("/search", RangeReadAPI.form, "q=kettle&limit=2&cursor=t1"),
                ("/search", RangeReadAPI.form, "q=kettle&limit=2&cursor=t2"),
            ],
            from: [
                "/search limit=2&q=kettle": RangeReadAPI.hits([1, 2], next: "t1"),
                "/search cursor=t1&limit=2&q=kettle": RangeReadAPI.hits([3, 4], next: "t2"),
                // New items, but the token of the second page again: a client following it loops.
                "/search cursor=t2&limit=2&q=kettle": RangeReadAPI.hits([5, 6], next: "t1"),
            ])
        #expect(
            paging.map(\.finding.expected) == ["a next cursor not given before in this list"], "\(paging.map(\.finding.message))")
        #expect(paging.first?.finding.found == "cursor=t1")
        #expect(paging.first?.finding.path == "$.next")
        #expect(paging.first?.count == 1)
    }

    /// The page after a filter's first page, asked with the cursor that page gave but another
    /// filter in the body: the start of another list, not the next page of the first.
    @Test func aChangedFilterInTheBodyStartsAnotherList() async throws {
        let (all, _) = try await read(
            [
                ("/db/_all_docs", RangeReadAPI.json, #"{"tag": "x", "limit": 2}"#),
                ("/db/_all_docs", RangeReadAPI.json, #"{"tag": "y", "start_key": "b", "limit": 2}"#),
            ],
            from: [
                "/db/_all_docs limit=2&tag=x": RangeReadAPI.rows(["a", "b"]),
                // Tag y's keys come in another order: "a" follows "b" there.
                "/db/_all_docs limit=2&start_key=b&tag=y": RangeReadAPI.rows(["b", "a"]),
            ])
        #expect(all.isEmpty, "\(all.map(\.finding.message))")
    }
}
