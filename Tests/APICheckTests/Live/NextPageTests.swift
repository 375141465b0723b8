@testable import APICheck
import Foundation
import Testing

/// What the paging step asks next after a page, for each kind of cursor, and where it stops.
@Suite struct NextPageTests {
    struct List: Decodable, Sendable {}

    func endpoint(_ paging: Paging, _ parameters: [Parameter]) -> AnyEndpoint {
        Endpoint<List>(id: "items", .get, "items", parameters: parameters, mock: "items", paging: paging).erased
    }

    func page(
        _ ids: [PageID], _ json: String = "{}", values: [String: ParameterValue] = [:], headers: [(name: String, value: String)]? = nil,
        url: String? = nil
    ) throws -> PageRead {
        PageRead(ids: ids, document: try JSONParser.parse(json), headers: headers, values: values, url: url.flatMap(URL.init(string:)))
    }

    func asked(_ next: NextPage) -> [String: ParameterValue]? {
        if case let .ask(values, _) = next { return values }
        return nil
    }

    func fault(_ next: NextPage) -> String? {
        if case let .fault(_, _, message) = next { return message }
        return nil
    }

    /// A string cursor is sent as a string, a number cursor as a number: no "expects String, got Int".
    @Test func theCursorIsTypedAsItsParameterDeclares() throws {
        let paging = Paging.token(ids: "$.chunk[*].id", from: .body("$.end"), next: "from")
        let stringy = endpoint(paging, [.query("from", .string)])
        #expect(asked(paging.next(after: try page(strings("a"), #"{"end": "50"}"#), of: stringy))?["from"] == .string("50"))
        let numeric = endpoint(paging, [.query("from", .int)])
        #expect(asked(paging.next(after: try page(strings("a"), #"{"end": "50"}"#), of: numeric))?["from"] == .int(50))
        #expect(
            fault(paging.next(after: try page(strings("a"), #"{"end": "s72_3"}"#), of: numeric))?
                .contains("declared Int, but the cursor is \"s72_3\"") == true)
        let ids = Paging.cursor(ids: "$[*].id", order: .descending, next: "before")
        #expect(
            asked(ids.next(after: try page(strings("$b", "$a")), of: endpoint(ids, [.query("before", .string)])))?["before"]
                == .string("$a"))
        let inclusive = Paging.cursor(ids: "$[*].id", order: .descending, next: "max_id", inclusive: true)
        #expect(
            asked(inclusive.next(after: try page(numbers(9, 8)), of: endpoint(inclusive, [.query("max_id", .int64)])))?["max_id"] == .int(7)
        )
    }

    @Test func aTokenListEndsWithoutATokenAndNeverOnAnEmptyPageWithOne() throws {
        let paging = Paging.token(ids: "$.chunk[*].id", from: .body("$.end"), next: "from")
        let list = endpoint(paging, [.query("from", .string)])
        for last in [#"{}"#, #"{"end": null}"#, #"{"end": ""}"#] {
            guard case .end = paging.next(after: try page(strings("a"), last), of: list) else {
                Issue.record("\(last) does not end"); continue
            }
        }
        #expect(
            fault(paging.next(after: try page([], #"{"end": "t9"}"#), of: list))
                == #"an empty page still gives a next token ($.end "t9"): a client following it never ends"#)
        #expect(
            fault(paging.next(after: try page(strings("a"), #"{"end": "t9"}"#, values: ["from": "t9"]), of: list))?
                .hasPrefix(#"the next token ($.end "t9") is the one that asked for this page"#) == true)
        let header = Paging.token(ids: "$[*].id", from: .header("X-Next"), next: "cursor")
        let next = header.next(
            after: try page(numbers(1), "[]", headers: [("x-next", "abc")]), of: endpoint(header, [.query("cursor", .string)]))
        #expect(asked(next)?["cursor"] == .string("abc"))
    }

    @Test func pagesAndOffsetsEndOnAShortOrEmptyPage() throws {
        let pages = Paging.pageNumber(ids: "$[*].id", next: "page", size: "per_page")
        let list = endpoint(pages, [.query("page", .int), .query("per_page", .int)])
        #expect(asked(pages.next(after: try page(numbers(1, 2), values: ["per_page": 2]), of: list))?["page"] == .int(2))
        #expect(asked(pages.next(after: try page(numbers(3, 4), values: ["page": 2, "per_page": 2]), of: list))?["page"] == .int(3))
        guard case .end = pages.next(after: try page(numbers(5), values: ["page": 3, "per_page": 2]), of: list) else {
            Issue.record("short page"); return
        }
        let offsets = Paging.offset(ids: "$[*].id", next: "offset", limit: "limit")
        let window = endpoint(offsets, [.query("offset", .int), .query("limit", .int)])
        #expect(asked(offsets.next(after: try page(numbers(1, 2), values: ["offset": 4, "limit": 2]), of: window))?["offset"] == .int(6))
        guard case .end = offsets.next(after: try page([], values: ["limit": 2]), of: window) else { Issue.record("empty page"); return }
    }

    @Test func aLinkIsFollowedOnItsOwnOriginOnly() throws {
        let paging = Paging.link(ids: "$[*].id")
        let list = endpoint(paging, [])
        let here = "https://api.example.com/v1/items?per_page=2"
        let next = paging.next(after: try page(numbers(1), headers: [("Link", #"<items?page=2>; rel="next""#)], url: here), of: list)
        guard case let .follow(url) = next else { Issue.record("not followed: \(next)"); return }
        #expect(url.absoluteString == "https://api.example.com/v1/items?page=2")
        let away = paging.next(
            after: try page(numbers(1), headers: [("Link", #"<https://evil.example/items?page=2>; rel="next""#)], url: here), of: list)
        #expect(fault(away)?.hasPrefix("the next page leads to another origin, https://evil.example") == true)
        // The same host is another origin by scheme or port: the token would go in clear text, or elsewhere.
        for other in ["http://api.example.com/v1/items?page=2", "https://api.example.com:8443/v1/items?page=2"] {
            let next = paging.next(after: try page(numbers(1), headers: [("Link", "<\(other)>; rel=\"next\"")], url: here), of: list)
            #expect(fault(next)?.hasPrefix("the next page leads to another origin") == true, "\(other): \(next)")
        }
        let endless = paging.next(after: try page([], headers: [("Link", #"<items?page=3>; rel="next""#)], url: here), of: list)
        #expect(fault(endless)?.hasPrefix("an empty page still links a next one") == true)
        guard
            case .end = paging.next(after: try page(numbers(1), headers: [("Link", #"<items?page=1>; rel="first""#)], url: here), of: list)
        else {
            Issue.record("no next link, no end"); return
        }
    }
}

extension NextPageTests {
    /// A next URL in the body, relative or absolute; null or absent ends the list.
    @Test func aNextURLInTheBodyIsFollowedOrEndsTheList() throws {
        let paging = Paging.url(ids: "$.items[*].id", from: .body("$.links.next"))
        let list = endpoint(paging, [])
        let here = "https://api.example.com/v1/items"
        let relative = paging.next(after: try page(numbers(1), #"{"links": {"next": "items?cursor=b2"}}"#, url: here), of: list)
        guard case let .follow(url) = relative else { Issue.record("not followed: \(relative)"); return }
        #expect(url.absoluteString == "https://api.example.com/v1/items?cursor=b2")
        let absolute = paging.next(
            after: try page(numbers(1), #"{"links": {"next": "https://api.example.com/v1/items?cursor=c3"}}"#, url: here), of: list)
        guard case .follow = absolute else { Issue.record("not followed: \(absolute)"); return }
        for last in [#"{"links": {"next": null}}"#, #"{"links": {}}"#] {
            guard case .end = paging.next(after: try page(numbers(1), last, url: here), of: list) else {
                Issue.record("\(last) does not end"); continue
            }
        }
        let endless = paging.next(after: try page([], #"{"links": {"next": "items?cursor=z"}}"#, url: here), of: list)
        #expect(fault(endless)?.hasPrefix("an empty page still gives a next URL (") == true)
    }
}

extension NextPageTests {
    /// A next link among the answer's links (`"links": [{"rel": "next", "href": …}]`) is found
    /// wherever it sits in the array, by a relation written in any case, among several, or in an
    /// array of them; a page without one ends the list, and other relations are never followed.
    @Test func aNextLinkAmongTheBodysLinksIsFollowedWhereverItSits() throws {
        let paging = Paging.url(ids: "$.features[*].id", from: .bodyLink(rel: "next", in: "$.links"), size: "limit")
        let list = endpoint(paging, [.query("limit", .int)])
        let here = "https://geo.example.com/collections/lakes/items?limit=2"
        let pages = [
            #"{"links": [{"rel": "self", "href": "items?limit=2"}, {"rel": "next", "href": "items?offset=2&limit=2"}]}"#,
            #"{"links": [{"rel": "next", "href": "items?offset=2&limit=2"}, {"rel": "self", "href": "items?limit=2"}]}"#,
            #"{"links": [{"rel": "alternate next", "href": "items?offset=2&limit=2"}]}"#,
            #"{"links": [{"rel": "NEXT", "href": "items?offset=2&limit=2"}]}"#,
            #"{"links": [{"rel": ["collection"], "href": "/"}, {"rel": ["next"], "href": "items?offset=2&limit=2"}]}"#,
        ]
        for json in pages {
            let next = paging.next(after: try page(strings("a", "b"), json, url: here), of: list)
            guard case let .follow(url) = next else { Issue.record("\(json): not followed: \(next)"); continue }
            #expect(url.absoluteString == "https://geo.example.com/collections/lakes/items?offset=2&limit=2", "\(json)")
        }
        let lasts = [
            #"{"links": [{"rel": "self", "href": "items?offset=4&limit=2"}, {"rel": "prev", "href": "items?offset=2&limit=2"}]}"#,
            #"{"links": []}"#, #"{}"#, #"{"links": [{"rel": "nextish", "href": "items?offset=9"}]}"#,
        ]
        for last in lasts {
            guard case .end = paging.next(after: try page(strings("e"), last, url: here), of: list) else {
                Issue.record("\(last) does not end"); continue
            }
        }
        let endless = paging.next(after: try page([], #"{"links": [{"rel": "next", "href": "items?offset=6"}]}"#, url: here), of: list)
        #expect(fault(endless)?.hasPrefix("an empty page still gives a next URL (") == true, "\(endless)")
    }

    /// A token is no link: declaring one read from a link is a declaration error, said by name.
    @Test func aTokenReadFromALinkIsADeclarationError() throws {
        let paging = Paging.token(ids: "$.items[*].id", from: .bodyLink(rel: "next", in: "$.links"), next: "cursor")
        let problems = paging.problems(in: endpoint(paging, [.query("cursor", .string)])).map(\.message)
        #expect(problems.contains { $0.contains("declare it as .url(ids:from: .bodyLink(rel:in:))") }, "\(problems)")
    }
}
