import APICheck
import Foundation
import Testing

/// An endpoint whose documented answer is a redirect (Airflow's `GET /api/v2/auth/login`, a 307
/// to the web UI's login page) declares it as a success: `live` takes the 307 as the answer and
/// does not follow it, so the HTML page it leads to is never judged as the endpoint's JSON.
@Suite struct DeclaredRedirectTests {
    static let login = Endpoint<JSONValue>(id: "login", .get, "api/v2/auth/login", mock: "login", enveloped: false)
        .alsoSucceeding(with: 307)
    static let page = Endpoint<JSONValue>(id: "page", .get, "api/v2/page", mock: "page", enveloped: false)
    static let api = API(name: "t", envelope: .none, endpoints: [login, page])

    /// A server that redirects every request to its web page, as a transport would follow it:
    /// the page itself for a request that follows redirects, the redirect for one that does not.
    struct Redirecting: Transport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let redirect = HTTPResponse(status: 307, headers: [("Location", "/auth/login")], url: request.url)
            guard let next = request.redirected(by: redirect) else { return redirect }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<!doctype html><html></html>".utf8),
                url: next.url)
        }
    }

    func findings(_ endpoint: String) async -> [Finding] {
        let report = await LiveCheck(
            api: Self.api, transport: Redirecting(),
            options: LiveOptions(baseURL: URL(string: "http://api.invalid/")!, only: [endpoint], probes: false, errorChecks: false)
        ).run()
        return report.endpointResults.first { $0.endpoint == endpoint }?.findings.filter { $0.severity == .error } ?? []
    }

    @Test func aDeclaredRedirectIsTheAnswerAndIsNotFollowed() async {
        #expect(await findings("login").isEmpty)
        #expect(Self.login.erased.redirectStatuses == [307])
    }

    /// An endpoint that declares no redirect still follows one, and its page is still judged.
    @Test func anUndeclaredRedirectIsFollowedAndItsPageJudged() async {
        #expect(await findings("page").map(\.kind) == [.notJSON])
    }

    /// A 304 is a conditional read's answer, no redirect: it is never taken for one.
    @Test func aNotModifiedIsNoRedirect() {
        #expect(Self.page.alsoSucceeding(with: 304).erased.redirectStatuses.isEmpty)
    }
}
