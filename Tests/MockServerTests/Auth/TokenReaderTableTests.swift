import APICheck
import Foundation
import HTTPServer
@testable import MockServer
import Testing

/// One table of how a token is read from a request, pinned for every reader: the app's side
/// (`HTTPRequest`, which `MockTransport` and the mock tier read) and `serve`'s (`ServerRequest`).
/// What a header without its prefix, a repeated parameter and an empty value mean is the model's
/// decision (`AuthPolicy.Placement.token(header:query:)`), not a reader's.
@Suite struct TokenReaderTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var placement: AuthPolicy.Placement
        var headers: [(name: String, value: String)] = []
        var query: [(name: String, value: String)] = []
        var token: String?
        var why: String
        var testDescription: String { why }
    }

    static let rows: [Row] = [
        Row(placement: .bearer, headers: [("Authorization", "Bearer abc")], token: "abc", why: "the declared prefix"),
        Row(placement: .bearer, headers: [("authorization", "bearer abc")], token: "abc", why: "a scheme in another case"),
        Row(
            placement: .bearer, headers: [("Authorization", "abc")], token: AuthPolicy.Placement.unschemed + "abc",
            why: "a header without its prefix carries the whole value: a token never issued, not a missing one"),
        Row(
            placement: .scheme("Token"), headers: [("Authorization", "abc")], token: AuthPolicy.Placement.unschemed + "abc",
            why: "a key without its scheme word is no key of that scheme, even one issued"),
        Row(
            placement: .bearer, headers: [("Authorization", "Basic abc")], token: AuthPolicy.Placement.unschemed + "Basic abc",
            why: "another scheme is a token never issued"),
        Row(
            placement: .basic, headers: [("Authorization", "YWRhOnB3")], token: AuthPolicy.Placement.unschemed + "YWRhOnB3",
            why: "Basic credentials without their scheme word"),
        Row(placement: .bearer, headers: [("Authorization", "Bearer ")], token: nil, why: "the prefix alone is no token"),
        Row(placement: .bearer, headers: [("Authorization", "Bearer")], token: nil, why: "the scheme alone is no token"),
        Row(
            placement: .bearer, headers: [("Authorization", "Bearer a"), ("Authorization", "Bearer b")], token: "a",
            why: "a repeated header: the first"),
        Row(placement: .bearer, token: nil, why: "no header is no token"),
        Row(placement: .scheme("token"), headers: [("Authorization", "Token abc")], token: "abc", why: "any scheme, any case"),
        Row(placement: .header("X-Api-Key", prefix: ""), headers: [("x-api-key", " abc ")], token: "abc", why: "a raw header, trimmed"),
        Row(placement: .basic, headers: [("Authorization", "Basic YWRhOnB3")], token: "YWRhOnB3", why: "Basic credentials as they travel"),
        Row(
            placement: .query("access_token"), query: [("access_token", "a"), ("access_token", "b")], token: "a",
            why: "a repeated query parameter: the first"),
        Row(placement: .query("access_token"), query: [("access_token", "")], token: nil, why: "an empty query value is no token"),
        Row(placement: .query("access_token"), query: [("other", "a")], token: nil, why: "another parameter is no token"),
        Row(placement: .cookie("sid"), headers: [("Cookie", "theme=dark; sid=abc")], token: "abc", why: "the named cookie among others"),
        Row(placement: .cookie("sid"), headers: [("Cookie", "sid=a; sid=b")], token: "a", why: "a repeated cookie: the first"),
        Row(placement: .cookie("sid"), headers: [("Cookie", "sidx=a")], token: nil, why: "a cookie whose name only starts alike"),
    ]

    @Test(arguments: rows)
    func everyReaderReadsTheSameToken(_ row: Row) throws {
        var components = URLComponents(string: "http://reader.invalid/me")!
        if !row.query.isEmpty { components.queryItems = row.query.map { URLQueryItem(name: $0.name, value: $0.value) } }
        let client = HTTPRequest(method: .get, url: components.url!, headers: row.headers)
        #expect(client.token(placedBy: row.placement) == row.token)

        let mocks = try TemporaryMocks()
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api(row.placement), mocks: mocks.url)
        let request = ServerRequest(method: "GET", path: "/me", query: row.query, headers: row.headers)
        #expect(server.token(in: request) == row.token)
    }

    /// What the one writer puts in, the one reader takes out, for every placement.
    @Test(arguments: [AuthPolicy.Placement.bearer, .scheme("Bot"), .header("X-Key", prefix: ""), .query("key"), .cookie("sid"), .basic])
    func theWriterAndTheReaderAgree(_ placement: AuthPolicy.Placement) {
        let token = "tok-" + TokenStore.randomHex()
        var query: [(String, String)] = []
        var headers: [(name: String, value: String)] = []
        placement.place(token, query: &query, headers: &headers)
        var components = URLComponents(string: "http://reader.invalid/me")!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        #expect(HTTPRequest(method: .get, url: components.url!, headers: headers).token(placedBy: placement) == token)
    }

    /// A key serve accepts, sent without its declared scheme word (`Authorization: KEY` where
    /// `Token KEY` is declared), is a key never issued: Django REST framework answers it 401.
    @Test func anAcceptedKeyWithoutItsSchemeWordIsNotAccepted() throws {
        let mocks = try TemporaryMocks()
        defer { mocks.remove() }
        var options = MockServerOptions()
        options.credentials = ["READER_TOKEN": "key-0123456789"]
        let server = try MockServer(api: Self.api(.scheme("Token")), mocks: mocks.url, options: options)
        func state(_ value: String) -> TokenState {
            server.auth.tokens.state(of: server.token(in: ServerRequest(method: "GET", path: "/me", headers: [("Authorization", value)])))
        }
        #expect(state("Token key-0123456789") == .issuedBeforehand)
        #expect(state("token key-0123456789") == .issuedBeforehand)
        #expect(state("key-0123456789") == .neverIssued)
    }

    /// A login's session cookie is the one named by the placement, wherever it comes among the
    /// answer's cookies.
    @Test func theSessionCookieIsTheNamedOneAmongOthers() {
        let auth = AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .cookie("sid"))
        let headers: [(name: String, value: String)] = [
            ("Set-Cookie", "theme=dark; Path=/"), ("set-cookie", "sid=tok-123; HttpOnly"),
            ("Set-Cookie", "lang=en"),
        ]
        #expect(auth.token(in: nil, headers: headers) == "tok-123")
        #expect(auth.token(in: nil, headers: [("Set-Cookie", "theme=dark")]) == nil)
    }

    static func api(_ placement: AuthPolicy.Placement) -> API {
        API(
            name: "reader", envelope: .none,
            auth: AuthPolicy(loginEndpoint: nil, tokenField: nil, placement: placement, tokenVariable: "READER_TOKEN"), endpoints: [])
    }
}
