@testable import APICheck
import Testing

@Suite struct PagingCheckTests {
    let descending = PagingCheck(endpoint: "feed", paging: .cursor(ids: "$.datas[*].id", order: .descending, next: "max_id", inclusive: true))

    @Test func pagesThatFollowOnePassAsDeclared() {
        #expect(descending.findings(first: [9, 8, 7], next: [6, 5]) == [])
        #expect(descending.findings(first: [9, 8, 7], next: []) == [])
    }

    @Test func eachViolationIsAFindingNamingTheIds() {
        let findings = descending.findings(first: [9, 7, 8], next: [8, 6, 6])

        #expect(findings.map(\.found) == ["7 then 8", "6 then 6", "8", "8, 6"])
        #expect(findings.allSatisfy { $0.kind == .paging && $0.severity == .error && $0.path == "$.datas[*].id" })
        #expect(findings[2].message == "the next page (max_id=7) must hold only items older than the first page's last, 8; it holds 8")
    }

    @Test func ascendingPagesMustGrow() {
        let ascending = PagingCheck(endpoint: "feed", paging: .cursor(ids: "$[*].id", order: .ascending, next: "after"))
        #expect(ascending.findings(first: [1, 2], next: [3, 4]) == [])
        #expect(ascending.findings(first: [1, 2], next: [2, 3]).map(\.expected) == ["ids > 2", "each id once"])
        #expect(ascending.paging.cursor(after: 2) == 2)
    }

    @Test func idsAreReadAtTheDeclaredPath() throws {
        let document = try JSONParser.parse(#"{"datas":{"statuses":[{"id":3},{"id":2}]}}"#)
        #expect(PagingCheck.ids(in: document, at: JSONPath(parsing: "$.datas.statuses[*].id")!) == [3, 2])
        #expect(PagingCheck.ids(in: document, at: JSONPath(parsing: "$.datas.items[*].id")!) == nil)
        let noIDs = try JSONParser.parse(#"{"datas":{"statuses":[{"id":"x"}]}}"#)
        #expect(PagingCheck.ids(in: noIDs, at: JSONPath(parsing: "$.datas.statuses[*].id")!) == nil)
    }
}

@Suite struct PagingDeclarationTests {
    struct Page: Decodable, Sendable { var ids: [Int] }

    @Test func aPagingDeclarationThatCannotBeFollowedIsADeclarationProblem() {
        let feed = Endpoint<Page>(id: "feed", .get, "feed", parameters: [.query("before", .int)], mock: "feed",
                                  paging: .cursor(ids: "$.datas.items[0].id", order: .descending, next: "after"))
        let api = API(name: "paged", envelope: EnvelopePolicy(), endpoints: [feed])

        #expect(api.problems.map(\.message) == [
            "paging reads ids at '$.datas.items[0].id', which has no [*] over the items",
            "paging asks for the next page with 'after', which is not a query parameter of the endpoint",
        ])
        #expect(api.problems.allSatisfy { $0.kind == .declaration && $0.endpoint == "feed" })
    }

    @Test func theDemoTimelinesPagingIsSound() {
        let ok = Endpoint<Page>(id: "feed", .get, "feed", parameters: [.query("max_id", .int64)], mock: "feed",
                                paging: .cursor(ids: "$.datas.statuses[*].id", order: .descending, next: "max_id", inclusive: true))
        #expect(API(name: "paged", envelope: EnvelopePolicy(), endpoints: [ok]).problems == [])
    }
}
