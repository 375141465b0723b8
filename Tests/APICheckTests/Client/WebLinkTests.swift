import APICheck
import Foundation
import Testing

/// RFC 8288 `Link` fields as servers write them.
@Suite struct WebLinkTests {
    @Test func severalLinksWithQuotedParametersHoldingCommasAndSemicolons() {
        let links = WebLink.parse(
            #"<https://api.example.com/items?page=2&per_page=2>; rel="next"; title="next, please; thanks", </items?page=9>;rel=last"#)
        #expect(links.map(\.target) == ["https://api.example.com/items?page=2&per_page=2", "/items?page=9"])
        #expect(links.map(\.relations) == [["next"], ["last"]])
        #expect(links.first?.parameters["title"] == "next, please; thanks")
    }

    @Test func aRelationListEscapesAndCaseAreRead() {
        let links = WebLink.parse(#"<a>; REL="Prev Next"; title="say \"hi\"""#)
        #expect(links.first?.relations == ["prev", "next"])
        #expect(links.first?.parameters["title"] == #"say "hi""#)
    }

    @Test func theNextLinkIsResolvedAgainstTheRequestAcrossFields() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8008/relay/users?per_page=2"))
        let headers = [
            (name: "link", value: #"<users?page=3>; rel="last""#), (name: "Link", value: #"<users?page=2&per_page=2>; rel="next""#),
        ]
        #expect(WebLink.next(in: headers, relativeTo: base)?.absoluteString == "http://127.0.0.1:8008/relay/users?page=2&per_page=2")
        let rooted = [(name: "Link", value: #"</relay/users?apicheck_offset=2>; rel="next""#)]
        #expect(WebLink.next(in: rooted, relativeTo: base)?.absoluteString == "http://127.0.0.1:8008/relay/users?apicheck_offset=2")
        #expect(WebLink.next(in: [(name: "Link", value: #"<users?page=3>; rel="last""#)], relativeTo: base) == nil)
    }

    @Test func aMalformedFieldKeepsTheLinksBeforeIt() {
        #expect(WebLink.parse(#"<a>; rel=next, garbage <b>; rel=last"#).map(\.target) == ["a"])
        #expect(WebLink.parse("").isEmpty)
    }
}
