import Foundation
import Testing
@testable import Sandbox

/// `paging-overlap`: the page asked with `max_id` starts two statuses newer than it should.
@Suite struct SandboxPagingFaultTests {
    func ids(_ sandbox: SandboxHarness, _ query: [(String, String)]) -> [Int64] {
        let answer = sandbox.get("statuses/home_timeline", query, token: sandbox.login())
        return answer.datas?["statuses"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
    }

    @Test func theNextPageRepeatsTheLastTwoOfThePageBefore() throws {
        let sandbox = SandboxHarness(faults: [.pagingOverlap])
        let first = ids(sandbox, [("count", "5")])
        let last = try #require(first.last)
        let next = ids(sandbox, [("count", "5"), ("max_id", String(last - 1))])

        #expect(first.count == 5)
        #expect(Array(next.prefix(2)) == Array(first.suffix(2)))
        #expect(next.count == 5)
    }

    @Test func withoutTheFaultTheNextPageStartsBelow() throws {
        let sandbox = SandboxHarness()
        let first = ids(sandbox, [("count", "5")])
        let last = try #require(first.last)
        let next = ids(sandbox, [("count", "5"), ("max_id", String(last - 1))])

        #expect(next.first == last - 1)
        #expect(Set(first).isDisjoint(with: next))
    }
}
