@testable import APICheck
import Testing

/// Ids as a page gives them: numbers.
func numbers(_ values: Int64...) -> [PageID] { values.compactMap { PageID(.number(String($0))) } }
/// Ids as a page gives them: strings.
func strings(_ values: String...) -> [PageID] { values.compactMap { PageID(.string($0)) } }

@Suite struct PagingCheckTests {
    let descending = PagingCheck(
        endpoint: "feed", paging: .cursor(ids: "$.datas[*].id", order: .descending, next: "max_id", inclusive: true))

    @Test func pagesThatFollowOnePassAsDeclared() {
        #expect(descending.findings(first: numbers(9, 8, 7), next: numbers(6, 5)) == [])
        #expect(descending.findings(first: numbers(9, 8, 7), next: []) == [])
    }

    @Test func eachViolationIsAFindingNamingTheIds() {
        let findings = descending.findings(first: numbers(9, 7, 8), next: numbers(8, 6, 6), cursor: "max_id=7")

        #expect(findings.map(\.found) == ["7 then 8", "6 then 6", "8", "8, 6"])
        #expect(findings.allSatisfy { $0.kind == .paging && $0.severity == .error && $0.path == "$.datas[*].id" })
        #expect(findings[2].message == "the next page (max_id=7) must hold only items older than the first page's last, 8; it holds 8")
    }

    /// A page that holds no items and leaves its list out (protobuf's JSON, MLflow's `{}`) is an
    /// empty page; a page with items elsewhere, or something else where the list would be, has none.
    @Test func aListLeftOutOfAPageWithoutItemsIsAnEmptyPage() throws {
        let path: JSONPath = "$.data.runs[*].info.run_id"
        for empty in ["{}", #"{"next_page_token": "t2"}"#, #"{"data": {}}"#, #"{"data": {"tags": []}}"#] {
            #expect(PagingCheck.ids(in: try JSONParser.parse(empty), at: path) == [], "\(empty)")
        }
        for malformed in [#"{"items": [{"id": 1}]}"#, #"{"data": 1}"#, #"{"data": {"runs": 1}}"#, "[]"] {
            #expect(PagingCheck.ids(in: try JSONParser.parse(malformed), at: path) == nil, "\(malformed)")
        }
    }

    @Test func ascendingPagesMustGrow() {
        let ascending = PagingCheck(endpoint: "feed", paging: .cursor(ids: "$[*].id", order: .ascending, next: "after"))
        #expect(ascending.findings(first: numbers(1, 2), next: numbers(3, 4)) == [])
        #expect(ascending.findings(first: numbers(1, 2), next: numbers(2, 3)).map(\.expected) == ["ids > 2", "each id once"])
    }

    @Test func idsAreReadAtTheDeclaredPathAsNumbersOrStrings() throws {
        let document = try JSONParser.parse(#"{"datas":{"statuses":[{"id":3},{"id":2}]}}"#)
        #expect(PagingCheck.ids(in: document, at: JSONPath(parsing: "$.datas.statuses[*].id")!) == numbers(3, 2))
        #expect(PagingCheck.ids(in: document, at: JSONPath(parsing: "$.datas.items[*].id")!) == nil)
        let named = try JSONParser.parse(#"{"chunk":[{"event_id":"$a"},{"event_id":"$b"}]}"#)
        #expect(PagingCheck.ids(in: named, at: JSONPath(parsing: "$.chunk[*].event_id")!) == strings("$a", "$b"))
        let noIDs = try JSONParser.parse(#"{"datas":{"statuses":[{"id":null}]}}"#)
        #expect(PagingCheck.ids(in: noIDs, at: JSONPath(parsing: "$.datas.statuses[*].id")!) == nil)
    }

    /// String ids: the same repeat found, the ids quoted; strings of digits ordered as numbers.
    @Test func stringIdsAreJudgedLikeNumbers() {
        let tokens = PagingCheck(endpoint: "rooms.messages", paging: .token(ids: "$.chunk[*].event_id", from: .body("$.end"), next: "from"))
        let findings = tokens.findings(first: strings("$m1", "$m2"), next: strings("$m2", "$m3"))
        #expect(findings.map(\.message) == [#"items come twice across the two pages: "$m2""#])
        let ordered = PagingCheck(endpoint: "feed", paging: .cursor(ids: "$[*].id", order: .ascending, next: "after"))
        #expect(ordered.findings(first: strings("8", "9"), next: strings("10", "11")) == [])
        #expect(ordered.findings(first: strings("8", "9"), next: strings("10", "7")).map(\.found) == [#""10" then "7""#, #""7""#])
    }

    /// An item of an earlier page that comes again two pages later is found too.
    @Test func aRepeatOfAnEarlierPageIsFound() {
        let tokens = PagingCheck(endpoint: "feed", paging: .pageNumber(ids: "$[*].id", next: "page"))
        let findings = tokens.findings(first: numbers(3, 4), next: numbers(5, 1), earlier: Set(numbers(1, 2)))
        #expect(findings.map(\.message) == ["items come twice across the pages read: 1"])
    }
}

@Suite struct PagingDeclarationTests {
    struct Page: Decodable, Sendable { var ids: [Int] }

    @Test func aPagingDeclarationThatCannotBeFollowedIsADeclarationProblem() {
        let feed = Endpoint<Page>(
            id: "feed", .get, "feed", parameters: [.query("before", .int)], mock: "feed",
            paging: .cursor(ids: "$.datas.items[0].id", order: .descending, next: "after"))
        let api = API(name: "paged", envelope: EnvelopePolicy(), endpoints: [feed])

        #expect(
            api.problems.map(\.message) == [
                "paging reads ids at '$.datas.items[0].id', which has no [*] over the items",
                "paging asks for the next page with 'after', which is not a query or body parameter of the endpoint",
            ])
        #expect(api.problems.allSatisfy { $0.kind == .declaration && $0.endpoint == "feed" })
    }

    @Test func aSizeThatIsNoParameterAndOnePageToFollowAreProblems() {
        let feed = Endpoint<Page>(
            id: "feed", .get, "feed", parameters: [.query("from", .string)], mock: "feed",
            paging: .token(ids: "$.items[*].id", from: .body("$.next"), next: "from", size: "limit", maxPages: 1))
        #expect(
            API(name: "paged", envelope: EnvelopePolicy(), endpoints: [feed]).problems.map(\.message) == [
                "paging sets the page size with 'limit', which is not a query or body parameter of the endpoint",
                "paging follows at most 1 page: the next page is never read; declare maxPages of 2 or more",
            ])
    }

    @Test func pathsThatAreNoJSONPathAreDeclarationProblemsNamingTheEndpoint() {
        let feed = Endpoint<Page>(
            id: "feed", .get, "feed", parameters: [.query("from", .string)], mock: "feed",
            paging: .token(ids: "datas.items[*].id", from: .body("$.next["), next: "from"))
        let problems = API(name: "paged", envelope: EnvelopePolicy(), endpoints: [feed]).problems
        #expect(
            problems.map(\.message) == [
                "paging reads ids at 'datas.items[*].id', which is not a JSONPath like $.datas.items[*].id",
                "paging reads the next page's token at '$.next[', which is not a JSONPath like $.next_batch",
            ])
        #expect(problems.allSatisfy { $0.kind == .declaration && $0.endpoint == "feed" })
    }

    @Test func aDeclaredPathIsParsedWhenDeclaredAndQuotedAsWritten() {
        let declared: DeclaredPath = "$.datas['odd key'][*].id"
        #expect(declared.path == JSONPath([.key("datas"), .key("odd key"), .anyIndex, .key("id")]))
        #expect("\(declared)" == "$.datas['odd key'][*].id")
        let text = "datas.x"
        #expect(DeclaredPath(text).path == nil)
        #expect(DeclaredPath("$.\(text)").path == JSONPath([.key("datas"), .key("x")]))
    }

    @Test func theDemoTimelinesPagingIsSound() {
        let ok = Endpoint<Page>(
            id: "feed", .get, "feed", parameters: [.query("max_id", .int64)], mock: "feed",
            paging: .cursor(ids: "$.datas.statuses[*].id", order: .descending, next: "max_id", inclusive: true))
        #expect(API(name: "paged", envelope: EnvelopePolicy(), endpoints: [ok]).problems == [])
    }
}
