import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// The distribution registry's lists: a `Link` header whose URL carries the page's last name in
/// `last` (`</v2/_catalog?last=library%2Falpine&n=2>`), which a client may also compute itself, as
/// the distribution spec documents. Declared with `lastID`, serve pages by it and links with it.
@Suite struct LastIDLinkTests {
    static let mock = try! JSONParser.parse(#"{"repositories": ["busybox", "library/alpine", "team/app", "team/web", "zeta"]}"#)

    static let paging = Paging.link(ids: "$.repositories[*]", order: .ascending, size: "n", lastID: "last")

    func page(_ query: [(String, String)], paging: Paging = paging) throws -> (names: String?, link: String?) {
        let request = ServerRequest(method: "GET", path: "/v2/_catalog", query: query)
        let (document, headers) = try #require(PagedBody(paging: paging).page(of: Self.mock, for: request))
        return (document["repositories"]?.compactText, headers.first { $0.name == "Link" }?.value)
    }

    @Test func theLinkCarriesTheLastNameAndAClientsOwnLastIsHonoured() throws {
        let first = try page([("n", "2")])
        #expect(first.names == #"["busybox","library/alpine"]"#)
        #expect(first.link == #"</v2/_catalog?n=2&last=library%2Falpine>; rel="next""#)
        // What a client computes itself, as the link would say it.
        let second = try page([("n", "2"), ("last", "library/alpine")])
        #expect(second.names == #"["team/app","team/web"]"#)
        #expect(second.link == #"</v2/_catalog?n=2&last=team%2Fweb>; rel="next""#)
        let last = try page([("n", "2"), ("last", "team/web")])
        #expect(last.names == #"["zeta"]"#)
        #expect(last.link == nil)
    }

    /// A name the list does not hold starts after the names before it, in the declared order.
    @Test func aLastTheListDoesNotHoldStartsPastIt() throws {
        #expect(try page([("n", "2"), ("last", "m")]).names == #"["team/app","team/web"]"#)
        let unordered = Paging.link(ids: "$.repositories[*]", size: "n", lastID: "last")
        #expect(try page([("n", "2"), ("last", "m")], paging: unordered).names == "[]")
    }

    /// Without `lastID` a Link list keeps serve's own offset.
    @Test func withoutALastIDTheLinkCarriesServesOffset() throws {
        let plain = Paging.link(ids: "$.repositories[*]", size: "n")
        #expect(try page([("n", "2")], paging: plain).link == #"</v2/_catalog?n=2&apicheck_offset=2>; rel="next""#)
    }

    @Test func aLastIDThatIsNoQueryParameterIsADeclarationProblem() {
        struct Catalog: Codable, Sendable { var repositories: [String] }
        func problems(_ parameters: [Parameter]) -> [String] {
            let endpoint = Endpoint<Catalog>(
                id: "catalog.list", .get, "_catalog", parameters: parameters, mock: "catalog", paging: Self.paging)
            return API(name: "registry", envelope: .none, endpoints: [endpoint]).problems.map(\.message)
        }
        let n = Parameter.query("n", .int, sample: .literal(2))
        #expect(problems([n]) == ["paging takes the last id in 'last', which is not a query parameter of the endpoint"])
        #expect(problems([n, .query("last", .string)]) == [])
    }
}
