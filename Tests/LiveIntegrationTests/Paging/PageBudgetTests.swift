import APICheck
import Foundation
import Testing

/// How many pages, and items, `live` reads of an offset list and a page-number list: up to the
/// first short or empty page, and never past the declared page budget (`maxPages`). A list that
/// must end (`mustEnd`) and still asks for more at the budget is found, though its items are all
/// new; a long list that need not end is only sampled.
@Suite struct PageBudgetTests {
    static let lists = ["items.window", "items.page"]

    /// One list read live against a fresh server: the report and the items of each page served.
    func read(_ list: String, total: Int?, size: Int, maxPages: Int, mustEnd: Bool) async -> (Report, [Int]) {
        let server = CountedList(total: total)
        let report = await LiveCheck(
            api: CountedList.api(size: size, maxPages: maxPages, mustEnd: mustEnd),
            transport: ClosureTransport { server.answer($0) },
            options: LiveOptions(baseURL: CountedList.baseURL, only: [list], probes: false)
        ).run()
        return (report, server.pages)
    }

    func findings(_ report: Report) -> [String] {
        report.allFindings.filter { $0.severity != .info }.map(\.message)
    }

    @Test func anOffsetListIsReadToItsShortPage() async {
        let (report, pages) = await read("items.window", total: 7, size: 3, maxPages: 5, mustEnd: true)
        #expect(pages == [3, 3, 1])
        #expect(findings(report) == [])
        #expect(report.pagingResults.map(\.passed) == [true])
        #expect(report.verdict == .holds)
    }

    @Test func aPageNumberListIsReadToItsEmptyPage() async {
        let (report, pages) = await read("items.page", total: 6, size: 2, maxPages: 5, mustEnd: true)
        #expect(pages == [2, 2, 2, 0])
        #expect(findings(report) == [])
        #expect(report.verdict == .holds)
    }

    /// The empty page that ends the list is the last the budget allows: the list ended in time.
    @Test(arguments: lists) func aListWhoseEndIsTheLastPageAllowedEndsInTime(list: String) async {
        let (report, pages) = await read(list, total: 8, size: 2, maxPages: 5, mustEnd: true)
        #expect(pages == [2, 2, 2, 2, 0])
        #expect(findings(report) == [])
    }

    /// A long list that need not end is read up to the budget and no further, with no finding.
    @Test(arguments: lists) func aLongListIsSampledUpToItsPageBudget(list: String) async {
        let (report, pages) = await read(list, total: 100, size: 2, maxPages: 4, mustEnd: false)
        #expect(pages == [2, 2, 2, 2])
        #expect(findings(report) == [])
        #expect(report.verdict == .holds)
    }

    /// New items on every page, for ever: nothing repeats, no page is short; the walk stops at
    /// its budget and says the list never ended, naming the budget and the page it would ask next.
    @Test(arguments: zip(lists, ["offset=10", "page=6"])) func aListThatNeverEndsStopsAtItsPageBudget(list: String, next: String) async {
        let (report, pages) = await read(list, total: nil, size: 2, maxPages: 5, mustEnd: true)
        #expect(pages == [2, 2, 2, 2, 2])
        #expect(
            findings(report) == [
                "the list never ended within its page budget of 5 pages (maxPages): 10 items read, none twice, "
                    + "and page 5 still asks for another (\(next)); a client following it may never end"
            ])
        let finding = report.allFindings.first { $0.kind == .paging }
        #expect(finding?.endpoint == list && finding?.path == "$.items[*].id" && finding?.severity == .error)
        #expect(report.verdict == .violated)
    }

    /// A `Link` list whose every page links a next one: the finding names the link it would follow.
    /// The endpoint's own check is the first page, its `Link` header kept for the step: no page
    /// is asked for twice.
    @Test func aLinkedListThatNeverEndsStopsAtItsPageBudget() async {
        let (report, pages) = await read("items.linked", total: nil, size: 3, maxPages: 3, mustEnd: true)
        #expect(pages == [3, 3, 3])
        #expect(
            findings(report) == [
                "the list never ended within its page budget of 3 pages (maxPages): 9 items read, none twice, "
                    + "and page 3 still asks for another (http://counted.invalid/linked?page=4&per_page=3); a client following it may never end"
            ])
        let (ended, read) = await read("items.linked", total: 5, size: 3, maxPages: 3, mustEnd: true)
        #expect(read == [3, 2])
        #expect(findings(ended) == [])
    }
}

/// A list that comes back, three pages later, to a page read before the one before: found, not
/// only a page repeated right after itself.
@Suite struct RepeatedEarlierPageTests {
    struct Item: Decodable, Sendable { var id: Int }

    @Test func aPageFromBeforeThePreviousOneIsFound() async {
        let list = Endpoint<[Item]>(
            id: "items", .get, "items", parameters: [.query("page", .int)], mock: "items",
            paging: .pageNumber(ids: "$[*].id", next: "page", maxPages: 6))
        let pages: [Int: String] = [
            1: "[{\"id\": 1}, {\"id\": 2}]", 2: "[{\"id\": 3}, {\"id\": 4}]", 3: "[{\"id\": 5}, {\"id\": 6}]",
            4: "[{\"id\": 1}, {\"id\": 2}]",
        ]
        let transport = ClosureTransport { request in
            let page = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.queryItems?.first { $0.name == "page" }?.value
            let body = pages[page.flatMap { Int($0) } ?? 1] ?? "[]"
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8), url: request.url)
        }
        let report = await LiveCheck(
            api: API(name: "list", envelope: .none, endpoints: [list]), transport: transport,
            options: LiveOptions(baseURL: URL(string: "http://list.invalid/")!, probes: false)
        ).run()
        let messages = report.pagingResults.flatMap(\.findings).map(\.message)
        #expect(messages.contains { $0.hasPrefix("items come twice across the pages read: 1, 2") }, "\(messages)")
        #expect(report.verdict == .violated)
    }
}
