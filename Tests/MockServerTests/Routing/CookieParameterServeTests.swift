import APICheck
import Foundation
import HTTPServer
import MockServer
import TestSupport
import Testing

/// `serve` reads a declared cookie from the request's `Cookie` header: a wrong or missing one is
/// refused naming it, and `live` sends what serve reads.
@Suite struct CookieParameterServeTests {
    static let feed = Endpoint<SyncAPI.Batch>(
        id: "feed", .get, "sync",
        parameters: [
            .cookie("page", .int, required: true, sample: .literal(2)),
            .cookie("theme", .string, sample: .literal("dark mode; blue")),
        ],
        mock: "sync_initial", enveloped: false)

    static let api = API(
        name: "feed", environments: ["local": URL(string: "http://127.0.0.1:9000/client/")!], envelope: EnvelopePolicy(),
        endpoints: [feed])

    static let mocks = ["sync_initial.json": SyncAPI.mocks["sync_initial.json"]!]

    @Test func aWrongOrMissingCookieIsRefusedNamingIt() throws {
        let mocks = try TemporaryMocks(files: Self.mocks)
        defer { mocks.remove() }
        let server = try MockServer(api: Self.api, mocks: mocks.url)
        func answer(_ cookie: String?) -> ServerResponse {
            server.respond(to: ServerRequest(method: "GET", path: "/client/sync", headers: cookie.map { [("Cookie", $0)] } ?? []))
        }
        #expect(answer("page=2").status == 200)
        #expect(answer("session=abc; page=3; theme=dark%20mode").status == 200)
        // Read decoded, as it was percent-encoded: `%32` is the digit 2.
        #expect(answer("page=%32").status == 200)
        let wrong = answer("page=two")
        #expect(wrong.status == 400)
        let wrongText = String(decoding: wrong.body, as: UTF8.self)
        #expect(wrongText.contains("page") && wrongText.contains("cookie") && wrongText.contains("expects Int"), "\(wrongText)")
        for missing in [nil, "pager=2", "theme=dark"] {
            let refused = answer(missing)
            #expect(refused.status == 400, "\(missing ?? "no Cookie header")")
            #expect(String(decoding: refused.body, as: UTF8.self).contains("is required"))
        }
    }

    @Test func liveSendsTheCookiesServeReads() async throws {
        let mocks = try TemporaryMocks(files: Self.mocks)
        defer { mocks.remove() }
        let harness = try ServeHarness(api: Self.api, mocks: mocks.url)
        defer { harness.stop() }
        let report = await LiveAgainstServeTests.live(harness, mocks: mocks.url, environment: [:])
        #expect(report.allFindings.map(\.message) == [])
        #expect(report.verdict == .holds)
        let journal = String(decoding: try await harness.send(.get, "/__apicheck/requests").body, as: UTF8.self)
        #expect(journal.contains("\"endpoint\":\"feed\""), "\(journal)")
    }
}
