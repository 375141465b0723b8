import APICheck
import Foundation
import Testing

/// What an origin is, for the redirect rules every network transport follows
/// (`TransportRedirectScenarioTests`).
@Suite struct CurlRedirectTests {
    @Test func anotherPortOfTheSameHostIsAnotherOrigin() {
        let base = URL(string: "http://127.0.0.1:8080/Api/")!
        #expect(base.hasSameOrigin(as: URL(string: "http://127.0.0.1:8080/other?x=1")!))
        #expect(URL(string: "http://example.com/a")!.hasSameOrigin(as: URL(string: "HTTP://EXAMPLE.com:80/b")!))
        #expect(!base.hasSameOrigin(as: URL(string: "http://127.0.0.1:8081/Api/")!))
        #expect(!base.hasSameOrigin(as: URL(string: "https://127.0.0.1:8080/Api/")!))
        #expect(!base.hasSameOrigin(as: URL(string: "http://localhost:8080/Api/")!))
    }
}
