import APICheck
import Foundation
import Testing

/// A page longer than the size it was asked with: the server ignores the size (the distribution
/// registry 2.8 answers `tags/list?n=2` with every tag), which a client asking for small pages
/// sees. A server that honours the size, or caps it down, is no finding.
@Suite struct PageSizeTests {
    struct Tags: Decodable, Sendable { var tags: [String] }

    static let tags = Endpoint<Tags>(
        id: "tags.list", .get, "tags/list", parameters: [.query("n", .int, sample: .literal(2))], mock: "tags",
        paging: .link(ids: "$.tags[*]", size: "n", maxPages: 5, mustEnd: true))

    static let names = (0..<7).map { "v\($0)" }

    /// `answer` gives the tags a request's `n` and `last` ask for, and the Link it leads on with.
    func read(_ answer: @escaping @Sendable (_ n: Int?, _ last: String?) -> ([String], String?)) async -> Report {
        await LiveCheck(
            api: API(name: "registry", envelope: .none, endpoints: [Self.tags]),
            transport: ClosureTransport { request in
                let items = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.queryItems ?? []
                let (tags, link) = answer(
                    items.first { $0.name == "n" }?.value.flatMap { Int($0) }, items.first { $0.name == "last" }?.value)
                let body = #"{"tags": ["# + tags.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
                var headers = [("Content-Type", "application/json")]
                if let link { headers.append(("Link", "<\(link)>; rel=\"next\"")) }
                return HTTPResponse(status: 200, headers: headers, body: Data(body.utf8))
            },
            options: LiveOptions(baseURL: URL(string: "http://registry.invalid/v2/")!, probes: false)
        ).run()
    }

    @Test func aPageLongerThanAskedIsAWarning() async {
        let report = await read { _, _ in (Self.names, nil) }
        let findings = report.allFindings.filter { $0.kind == .paging }
        #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
        #expect(
            findings.first?.message
                == "a page asked with n=2 holds 7 items: the server ignores the page size, and a client that asks for small pages "
                + "gets more than it can hold")
    }

    /// The page after `last`, of `size` tags, whose link asks for pages of five.
    static func page(after last: String?, size: Int) -> ([String], String?) {
        let start = last.flatMap { names.firstIndex(of: $0).map { $0 + 1 } } ?? 0
        let tags = Array(names[start..<min(names.count, start + size)])
        return (tags, start + size < names.count ? "tags/list?n=5&last=\(tags.last ?? "")" : nil)
    }

    /// Pages of the size asked, a size capped down, and a next link that asks a size of its own
    /// (two tags, then five of the link's `n=5`).
    @Test func aServerThatHonoursTheSizeIsNoFinding() async {
        let honoured = await read { n, last in Self.page(after: last, size: n ?? 100) }
        #expect(honoured.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        let capped = await read { n, last in Self.page(after: last, size: min(3, n ?? 100)) }
        #expect(capped.allFindings.filter { $0.severity != .info }.map(\.message) == [])
    }
}
