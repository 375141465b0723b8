import Foundation
import HTTPServer
import Testing
@testable import Sandbox

@Suite struct RoutingTests {
    let sandbox = SandboxHarness()
    static let notFound = #"{"code":404,"msg":"no such endpoint","datas":null}"#

    @Test(arguments: [
        ("GET", "/Api/nothing"), ("GET", "/Api/"), ("GET", "/Api"), ("GET", "/statuses/home_timeline"),
        ("GET", "/api/statuses/home_timeline"), ("GET", "/Api/statuses/"), ("GET", "/Api/statuses/1/2"),
        ("GET", "/Api/statuses/home_timeline/"), ("GET", "/Api/account/login"), ("GET", "/Api/config/main"),
        ("POST", "/Api/statuses/home_timeline"), ("GET", "/Api/Account/login"), ("PUT", "/Api/TopicLikedAdd"),
        ("POST", "/Api/topics"), ("DELETE", "/Api/statuses/4130540976425001"), ("POST", "/Api/config/main.json"),
        ("HEAD", "/Api/Account/login"), ("HEAD", "/Api/TopicLikedAdd"), ("HEAD", "/Api/nothing"),
    ])
    func unknownRoutesAndWrongMethodsGet404(method: String, path: String) {
        let response = sandbox.api.handle(ServerRequest(method: method, path: path))
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self) == Self.notFound)
    }

    /// HEAD is GET without the body; the server drops the body, so the sandbox answers it as GET.
    /// (A status without a token is the 403 of a known route, not the 404 of no route.)
    @Test(arguments: [("topics", 200), ("config/main.json", 200), ("statuses/4130540976425001", 403)])
    func headOnAGetRouteAnswersLikeGet(path: String, status: Int) {
        let get = sandbox.api.handle(ServerRequest(method: "GET", path: "/Api/" + path))
        let head = sandbox.api.handle(ServerRequest(method: "HEAD", path: "/Api/" + path))
        #expect(get.status == status)
        #expect(head.status == status)
        #expect(head.body == get.body)
        #expect(head.headers.map(\.name) == get.headers.map(\.name))
    }

    @Test func answersAreJSON() {
        let response = sandbox.api.handle(ServerRequest(method: "GET", path: "/Api/topics"))
        #expect(response.headers.contains { $0.name == "Content-Type" && $0.value.hasPrefix("application/json") })
        #expect(response.truncateAfter == nil)
    }

    @Test func clientHeadersAreIgnored() {
        let plain = sandbox.api.handle(ServerRequest(method: "GET", path: "/Api/topics"))
        let decorated = sandbox.api.handle(
            ServerRequest(
                method: "GET", path: "/Api/topics",
                headers: [("os", "Linux"), ("client", "apicheck/1.0")]))
        #expect(plain.body == decorated.body)
    }
}
