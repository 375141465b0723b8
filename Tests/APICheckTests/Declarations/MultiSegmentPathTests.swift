@testable import APICheck
import Foundation
import Testing

/// A path placeholder that spans segments, `{+path}` as RFC 6570's reserved expansion writes it:
/// sent with its slashes, routed over several segments after every other kind of placeholder.
@Suite struct MultiSegmentPathTests {
    struct File: Codable, Sendable { var path: String }

    static func endpoint(_ id: String, _ path: String, _ names: [String]) -> Endpoint<File> {
        Endpoint<File>(id: id, .get, path, parameters: names.map { .path($0, .string) }, mock: id)
    }

    static let api = API(
        name: "contents", envelope: .none,
        endpoints: [
            endpoint("readme", "api/contents/README", []),
            endpoint("one", "api/contents/{name}", ["name"]),
            endpoint("raw", "api/contents/{+path}/raw", ["path"]),
            endpoint("any", "api/contents/{+path}", ["path"]),
        ])

    @Test func aLiteralThenOneSegmentThenTheSpanningPlaceholderWins() {
        let table = RouteTable(Self.api.endpoints)
        func route(_ path: String) -> String {
            guard case let .found(endpoint, values) = table.match(method: "GET", path: Substring(path)) else { return "none" }
            return endpoint.id + " " + values.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        }
        #expect(route("api/contents/README") == "readme ")
        #expect(route("api/contents/x.txt") == "one name=x.txt")
        #expect(route("api/contents/sub/x.txt") == "any path=sub/x.txt")
        #expect(route("api/contents/a/b%20c/x.txt") == "any path=a/b c/x.txt")
        #expect(route("api/contents/sub/x.txt/raw") == "raw path=sub/x.txt")
        #expect(route("api/contents/x.txt/raw") == "raw path=x.txt")
        // The root as an empty name: nothing declares `api/contents` itself.
        #expect(route("api/contents/") == "one name=")
        #expect(route("api/contents//") == "none")
        #expect(Self.api.problems.map(\.message) == [])
    }

    @Test func theValueIsSentWithItsReservedCharacters() throws {
        let builder = RequestBuilder(api: Self.api, baseURL: URL(string: "http://127.0.0.1:9/")!)
        func url(_ value: String) throws -> String {
            try builder.request(for: Self.api.endpoints[3], ["path": .string(value)], token: nil).url.absoluteString
        }
        #expect(try url("sub/x.txt") == "http://127.0.0.1:9/api/contents/sub/x.txt")
        #expect(try url("a b/ü;v=1") == "http://127.0.0.1:9/api/contents/a%20b/%C3%BC;v=1")
        // An escape the value already holds is kept, not encoded again.
        #expect(try url("a%2Fb/c") == "http://127.0.0.1:9/api/contents/a%2Fb/c")
        #expect(RequestBuilder.escapeReserved("x%zz!'()*+,=@:[]") == "x%25zz!'()*+,=@:[]")
        // A one-segment placeholder still escapes the slash.
        let one = try builder.request(for: Self.api.endpoints[1], ["name": .string("sub/x.txt")], token: nil)
        #expect(one.url.absoluteString == "http://127.0.0.1:9/api/contents/sub%2Fx.txt")
    }

    @Test func textAroundASpanningPlaceholderIsADeclarationProblem() {
        let api = API(name: "c", envelope: .none, endpoints: [Self.endpoint("x", "files/{+path}.json", ["path"])])
        #expect(
            api.problems.map(\.message) == [
                "the path 'files/{+path}.json' puts text around {+path}.json's placeholder; a value that spans segments ({+name}) must be a whole segment"
            ])
        #expect(Self.api.endpoints[3].routeKey == "GET api/contents/{+}")
        #expect(Self.api.endpoints[1].routeKey == "GET api/contents/{}")
    }
}
