import APICheck
import Contracts
import Foundation
import HTTPServer
import ProxyServer
import RelayExample
import TestSupport
import Testing

/// The paging invariants across consecutive pages of one list, as an app reads them through the
/// proxy: each found once and grouped by its rule, per client; pages asked some other way (a
/// refresh, a jump) or by another client start a list of their own and find nothing.
@Suite struct ProxyPagingTests {
    /// An upstream answering canned bodies by path and query.
    static func upstream(_ answers: [String: String]) throws -> TestServer {
        try TestServer { request in
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let key = request.rawPath + (query.isEmpty ? "" : "?" + query)
            guard let body = answers[key] else { return ServerResponse(status: 404) }
            return .json(Data(body.utf8))
        }
    }

    static func notices(_ ids: [Int]) -> String {
        #"{"notices":["# + ids.map { #"{"id":\#($0),"text":"n"}"# }.joined(separator: ",") + "]}"
    }

    static func messages(_ ids: [String], end: String?) -> String {
        #"{"chunk":["# + ids.map { #"{"event_id":"\#($0)","sender":"@ada:relay","body":"hi"}"# }.joined(separator: ",")
            + #"],"start":"s0""# + (end.map { #","end":"\#($0)""# } ?? "") + "}"
    }

    func paging(_ harness: ProxyHarness) -> [GroupedFinding] {
        harness.findings.filter { $0.finding.kind == .paging }
    }

    @Test func anItemTwiceAcrossPagesAndAPageOutOfOrderAreFoundOnceEachAndGrouped() async throws {
        let server = try Self.upstream([
            "/relay/notices?page=1&per_page=2": Self.notices([101, 102]),
            "/relay/notices?page=2&per_page=2": Self.notices([102, 103]),
            "/relay/notices?page=3&per_page=2": Self.notices([105, 104]),
        ])
        defer { server.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: server.url("/relay/"))
        defer { harness.stop() }
        var sent = 0
        for _ in 0..<2 {
            for page in 1...3 {
                #expect(try await harness.send("/relay/notices?page=\(page)&per_page=2").status == 200)
                sent += 1
                // One page at a time, as an app scrolls: each is read once its answer is in.
                await harness.settled(sent)
            }
        }
        let found = paging(harness)
        #expect(found.map(\.finding.expected) == ["each id once", "ids ascending"], "\(found.map(\.finding.message))")
        #expect(found.map(\.count) == [2, 2])
        #expect(found.allSatisfy { $0.finding.endpoint == "server.notices" && $0.finding.path == "$.notices[*].id" })
        #expect(found.first?.finding.found == "102")
    }

    @Test func aCursorGivenTwiceInOneListIsFound() async throws {
        let server = try Self.upstream([
            "/relay/rooms/lobby/messages?limit=2": Self.messages(["$a", "$b"], end: "t1"),
            "/relay/rooms/lobby/messages?limit=2&from=t1": Self.messages(["$c", "$d"], end: "t2"),
            "/relay/rooms/lobby/messages?limit=2&from=t2": Self.messages(["$e", "$f"], end: "t1"),
        ])
        defer { server.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: server.url("/relay/"))
        defer { harness.stop() }
        for (index, query) in ["limit=2", "limit=2&from=t1", "limit=2&from=t2"].enumerated() {
            #expect(try await harness.send("/relay/rooms/lobby/messages?\(query)").status == 200)
            await harness.settled(index + 1)
        }
        let found = paging(harness)
        #expect(found.count == 1, "\(found.map(\.finding.message))")
        #expect(found.first?.finding.found == "from=t1")
        #expect(found.first?.finding.path == "$.end")
    }

    @Test func aPageBehindTheCursorIsFoundAsGoingBackwards() async throws {
        func timeline(_ ids: [Int]) -> String {
            #"{"code":200,"msg":"success","datas":{"statuses":["# + ids.map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]}}"
        }
        let server = try Self.upstream([
            "/Api/statuses/home_timeline?count=2": timeline([20, 19]),
            // max_id is inclusive: the page after 19 is asked with 18, and holds newer items.
            "/Api/statuses/home_timeline?count=2&max_id=18": timeline([22, 21]),
        ])
        defer { server.stop() }
        let harness = try ProxyHarness(api: Demo.api, upstream: server.url("/Api/"))
        defer { harness.stop() }
        for (index, query) in ["count=2", "count=2&max_id=18"].enumerated() {
            #expect(try await harness.send("/Api/statuses/home_timeline?\(query)").status == 200)
            await harness.settled(index + 1)
        }
        let found = paging(harness)
        #expect(found.map(\.finding.expected) == ["ids < 19"], "\(found.map(\.finding.message))")
        #expect(found.first?.finding.found == "22, 21")
    }

    /// Two clients reading one list interleaved, and a refresh of the first page: no list is
    /// mistaken for another, so a correct server gives no paging finding.
    @Test func interleavedClientsAndARefreshGiveNoFinding() async throws {
        // Each user has notices of their own: read as one list, bob's first page and ada's
        // second would hold the same items.
        let server = try TestServer { request in
            let bob = request.header("Authorization") == "Bearer bob-token-2"
            let first = (bob ? 103 : 101) + (request.queryValue("page") == "2" ? 2 : 0)
            return .json(Data(Self.notices([first, first + 1]).utf8))
        }
        defer { server.stop() }
        let harness = try ProxyHarness(api: Relay.api, upstream: server.url("/relay/"))
        defer { harness.stop() }
        let ada = [(name: "Authorization", value: "Bearer ada-token-1")], bob = [(name: "Authorization", value: "Bearer bob-token-2")]
        var sent = 0
        for (page, who) in [(1, ada), (1, bob), (2, ada), (1, ada), (2, bob), (2, ada)] {
            #expect(try await harness.send("/relay/notices?page=\(page)&per_page=2", headers: who).status == 200)
            sent += 1
            await harness.settled(sent)
        }
        #expect(paging(harness).isEmpty, "\(paging(harness).map(\.finding.message))")
    }
}
