import APICheck
import Foundation
import Testing

/// Declared cookies travel in the request's one `Cookie` header, beside the session cookie a
/// cookie-placed token is, their values encoded as a cookie can carry them.
@Suite struct CookieParameterTests {
    private struct Item: Decodable, Sendable {}

    private static let endpoint = Endpoint<Item>(
        id: "feed", .get, "feed",
        parameters: [.cookie("theme", .string), .cookie("page", .int, required: true)],
        mock: "feed", auth: .token)

    private static func api(_ placement: AuthPolicy.Placement) -> API {
        API(
            name: "shop", envelope: EnvelopePolicy(), auth: .preIssued(variable: "SHOP_SESSION", placement: placement),
            endpoints: [endpoint])
    }

    @Test func declaredCookiesAndTheSessionShareOneCookieHeader() throws {
        let builder = RequestBuilder(api: Self.api(.cookie("sid")), baseURL: URL(string: "http://h.invalid/")!)
        let request = try builder.request(for: Self.endpoint.erased, ["theme": .string("dark"), "page": .int(2)], token: "s3ss")
        #expect(request.headers.filter { $0.name == "Cookie" }.map(\.value) == ["theme=dark; page=2; sid=s3ss"])
        #expect(AuthPolicy.Placement.cookie("sid").token(in: request) == "s3ss")

        // Under another placement the cookies are the header's only pairs.
        let bearer = try RequestBuilder(api: Self.api(.bearer), baseURL: URL(string: "http://h.invalid/")!)
            .request(for: Self.endpoint.erased, ["page": .int(1)], token: "t")
        #expect(bearer.headers.filter { $0.name == "Cookie" }.map(\.value) == ["page=1"])
        #expect(bearer.header("Authorization") == "Bearer t")
    }

    @Test func aValueACookieCannotCarryIsPercentEncodedAndReadBack() throws {
        let builder = RequestBuilder(api: Self.api(.bearer), baseURL: URL(string: "http://h.invalid/")!)
        let value = "dark mode; \"blue\",100%\\é"
        let request = try builder.request(for: Self.endpoint.erased, ["theme": .string(value), "page": .int(1)], token: nil)
        let header = try #require(request.header("Cookie"))
        #expect(header == "theme=dark%20mode%3B%20%22blue%22%2C100%25%5C%C3%A9; page=1")
        let sent = try #require(CookieHeader.value(of: "theme", in: header))
        #expect(CookieHeader.decoded(sent) == value)
        // What RFC 6265 allows in a value goes as it is.
        #expect(CookieHeader.encoded("a-Z_0.9!#$&'()*+/:<=>?@[]^`{|}~") == "a-Z_0.9!#$&'()*+/:<=>?@[]^`{|}~")
    }

    @Test func aMissingRequiredCookieFailsBeforeAnythingIsSent() throws {
        let builder = RequestBuilder(api: Self.api(.bearer), baseURL: URL(string: "http://h.invalid/")!)
        #expect {
            try builder.request(for: Self.endpoint.erased, ["theme": .string("dark")], token: nil)
        } throws: { error in
            "\(error)".contains("page") && "\(error)".contains("in cookie")
        }
    }

    @Test func aCookieIsReadByNameAmongOthersAndTheFirstOfARepeatedOneCounts() {
        #expect(CookieHeader.value(of: "page", in: "pager=9; page=2; page=3") == "2")
        #expect(CookieHeader.value(of: "page", in: "theme=dark") == nil)
        #expect(CookieHeader.value(of: "page", in: "page=") == "")
        // A value no one percent-encoded stays as it came.
        #expect(CookieHeader.decoded("100%") == "100%")
    }
}
