import APICheck
import Foundation
import Testing

@Suite struct RequestBuilderTests {
    private struct Item: Decodable, Sendable {}

    private static let endpoint = Endpoint<Item>(
        id: "items.show", .get, "items/{id}",
        parameters: [.path("id", .string), .query("q", .string, required: false)],
        mock: "item", auth: .token)

    private static let api = API(
        name: "test", envelope: EnvelopePolicy(),
        auth: AuthPolicy(loginEndpoint: "login", tokenField: nil, placement: .query("access_token")),
        endpoints: [endpoint])

    /// Path and query values keep only the unreserved characters; everything else is UTF-8
    /// percent-encoded with upper-case hex, as `addingPercentEncoding` does over that set.
    @Test func pathAndQueryValuesArePercentEncoded() throws {
        let builder = RequestBuilder(api: Self.api, baseURL: URL(string: "http://h.invalid/Api/")!)
        let value = "a b/c?d&e=f#g%h+i~j.k_l-m ü😀"
        let request = try builder.request(
            for: Self.endpoint.erased, ["id": .string(value), "q": .string(value)],
            token: "tok/en+1")
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let expected = value.addingPercentEncoding(withAllowedCharacters: unreserved)!
        #expect(expected == "a%20b%2Fc%3Fd%26e%3Df%23g%25h%2Bi~j.k_l-m%20%C3%BC%F0%9F%98%80")
        #expect(
            request.url.absoluteString
                == "http://h.invalid/Api/items/\(expected)?q=\(expected)&access_token=tok%2Fen%2B1")
    }

    @Test func plainValuesAreUnchanged() throws {
        let builder = RequestBuilder(api: Self.api, baseURL: URL(string: "http://h.invalid/Api/")!)
        let request = try builder.request(for: Self.endpoint.erased, ["id": .string("Abc-1.2_3~")], token: nil)
        #expect(request.url.absoluteString == "http://h.invalid/Api/items/Abc-1.2_3~")
    }
}
