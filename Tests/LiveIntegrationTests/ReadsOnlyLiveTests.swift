import APICheck
import CurlClient
import Foundation
import RelayExample
import TestSupport
import Testing

/// `LiveOptions.readsOnly` against servers that log what they were asked: no write reaches them,
/// though the session, the probes and the error checks of the reads still run, and a read that
/// needs a write first is skipped, naming it.
@Suite(.serialized) struct ReadsOnlyLiveTests {
    @Test func noWriteReachesTheServer() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        var options = LiveOptions(baseURL: backend.baseURL, mocksDirectory: Relay.mocks, environment: Relay.credentials, probes: true)
        options.readsOnly = true
        let report = await LiveCheck(api: Relay.api, transport: CurlTransport(), options: options).run()
        // The session's own requests are the only ones that are no GET.
        #expect(backend.asked.keys.filter { !$0.hasPrefix("GET ") }.sorted() == ["POST login", "POST logout", "POST refresh"])
        #expect(backend.messagesSent == 0)
        #expect(backend.openSessions == 0)
        #expect(report.endpointResults.map(\.endpoint) == Relay.api.endpoints.filter(\.method.isSafe).map(\.id))
        // The probes and error checks of the reads run; the write's error check, sent: .always, does not.
        #expect(report.results.contains { $0.name == "probe token-expired account.whoami" })
        #expect(report.errorCheckResults.map(\.name) == ["error-check bad_query metrics.query"])
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
    }

    @Test func aReadThatNeedsAWriteIsSkippedNamingIt() async throws {
        let server = try TestServer { _ in .json(Data(#"{"chunk": []}"#.utf8)) }
        defer { server.stop() }
        let folder = try RoomsAPI.mockFolder()
        defer { folder.remove() }
        var options = LiveOptions(baseURL: server.url("/chat/"), mocksDirectory: folder.url)
        options.readsOnly = true
        let report = await LiveCheck(api: RoomsAPI.api, transport: CurlTransport(), options: options).run()
        #expect(server.requests.map { "\($0.method) \($0.path)" } == [])
        #expect(report.results.map(\.name) == ["rooms.messages"])
        #expect(report.results.first?.skipped == "it needs rooms.create (POST) first, a write that --reads-only does not send")
        // The run did what it was asked: such a skip is no gap, in the report or read back from it.
        #expect(report.verdict == .holds)
        let json = JSONReport.render(report, context: RenderContext(tool: "apicheck"))
        #expect(json.contains("\"skipChosen\": true"))
        #expect(try JSONReportReader.read(Data(json.utf8)).verdict == .holds)
        #expect(report.forDisplay.verdict == .holds)
    }

    /// The import orders a creation before the reads of its resource (`ordered(after:)`), and a
    /// person may declare the same `after:`; a reads-only run sends the reads, whose variables name
    /// a resource that exists, and not the creation.
    @Test(arguments: [false, true]) func aReadDeclaredAfterAWriteStillRuns(ordered: Bool) async throws {
        struct User: Codable, Sendable { var name: String }
        let create = Endpoint<User>(id: "post-user", .post, "users/ann", mock: "post-user", successStatus: 201)
        let read =
            ordered
            ? Endpoint<User>(id: "get-user", .get, "users/ann", mock: "get-user").ordered(after: "post-user")
            : Endpoint<User>(id: "get-user", .get, "users/ann", mock: "get-user", after: ["post-user"])
        let server = try TestServer { _ in .json(Data(#"{"name": "ann"}"#.utf8)) }
        defer { server.stop() }
        var options = LiveOptions(baseURL: server.url("/"))
        options.readsOnly = true
        let api = API(name: "hub", envelope: .none, endpoints: [create, read])
        let report = await LiveCheck(api: api, transport: CurlTransport(), options: options).run()
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /users/ann"])
        #expect(report.results.map(\.name) == ["get-user"] && report.results.first?.skipped == nil, "\(report.results)")
    }

    /// A search sent by POST for its body, declared `readingOnly()`, is checked and sent as a GET
    /// is; a POST not so declared is not.
    @Test func aPostDeclaredReadingOnlyIsChecked() async throws {
        struct Flow: Codable, Sendable { var id: Int }
        let filter = Endpoint<[Flow]>(id: "flows.filter", .post, "flows/filter", mock: "flows-filter").readingOnly()
        let create = Endpoint<Flow>(id: "flows.create", .post, "flows", mock: "flows-create")
        let server = try TestServer { request in .json(Data((request.path == "/flows" ? #"{"id": 1}"# : #"[{"id": 1}]"#).utf8)) }
        defer { server.stop() }
        var options = LiveOptions(baseURL: server.url("/"))
        options.readsOnly = true
        let api = API(name: "flows", envelope: .none, endpoints: [filter, create])
        #expect(filter.erased.readsOnly && !create.erased.readsOnly && api.isSentReadingOnly(filter.erased))
        let report = await LiveCheck(api: api, transport: CurlTransport(), options: options).run()
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["POST /flows/filter"])
        #expect(report.results.map(\.name) == ["flows.filter"] && report.verdict == .holds, "\(report.results)")
    }
}
