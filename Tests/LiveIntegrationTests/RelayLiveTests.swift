import APICheck
import CurlClient
import Foundation
import HTTPServer
import RelayExample
import TestSupport
import Testing

/// The second example API live, on both tiers: in process over its mocks, and over a socket
/// against its backend, auth probes included. Its conventions share nothing with the demo's.
@Suite(.serialized) struct RelayLiveTests {
    static func live(
        _ transport: any Transport, _ baseURL: URL, probes: Bool, only: Set<String>? = nil,
        mocks: URL = Relay.mocks
    ) async -> Report {
        // A backend that answers one body to everything can be neither probed nor sent error checks.
        var options = LiveOptions(baseURL: baseURL, only: only, mocksDirectory: mocks, environment: Relay.credentials, probes: probes)
        options.errorChecks = probes
        return await LiveCheck(api: Relay.api, transport: transport, options: options).run()
    }

    @Test func overItsMocksTheContractHolds() async {
        let report = await Self.live(
            MockTransport(directory: Relay.mocks, api: Relay.api), URL(string: "http://mock.invalid/relay/")!,
            probes: false)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(report.endpointResults.count == Relay.api.endpoints.count)
    }

    @Test func theBackendHoldsTheContractWithEveryProbe() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let report = await Self.live(CurlTransport(), backend.baseURL, probes: true)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.verdict == .holds)
        #expect(report.endpointResults.count == Relay.api.endpoints.count)
        // One probe per declared promise: the dead token on each GET that needs the token, no
        // token once, the logged-out token, and the refresh flow's four.
        let probes = report.results.filter { $0.role == .probe }
        #expect(
            probes.map(\.name).sorted() == [
                "probe dead-refresh-token auth.refresh", "probe logged-out account.whoami", "probe missing-token account.whoami",
                "probe refresh account.whoami", "probe replaced-token account.whoami", "probe reused-refresh-token auth.refresh",
                "probe token-expired account.whoami", "probe token-expired rooms.joined", "probe token-expired rooms.members",
                "probe token-expired rooms.messages", "probe token-expired rooms.state", "probe token-expired users.list",
            ])
        #expect(probes.allSatisfy { $0.passed })
        #expect(probes.first { $0.name == "probe refresh account.whoami" }?.classification == "success")
        // No revocation probe: logins of this API keep earlier tokens valid.
        #expect(!probes.contains { $0.name.hasPrefix("probe revoked-token") })
        // The run ended every session it opened, refreshed ones included.
        #expect(backend.openSessions == 0)
    }

    @Test func aDriftedServerIsFoundAtItsJSONPaths() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        backend.drifted.withLock { $0 = true }
        let report = await Self.live(CurlTransport(), backend.baseURL, probes: false, only: ["rooms.joined", "rooms.state"])
        #expect(report.findingLines.contains("error decode rooms.state $.name"))
        #expect(report.verdict == .violated)
    }

    /// A server that answers 200 where the endpoint declares 201 Created, on both tiers.
    @Test(arguments: [false, true]) func aSuccessStatusOtherThanTheDeclaredOneIsAnError(overSocket: Bool) async throws {
        let body = Data(#"{"event_id": "$lobby-1"}"#.utf8)
        let login = Data(#"{"access_token": "syt_YWRh_0123456789abcdef", "user_id": "@ada:relay", "device_id": "D1"}"#.utf8)
        let report: Report
        if overSocket {
            let server = try TestServer { request in .json(request.path.hasSuffix("/login") ? login : body) }
            defer { server.stop() }
            report = await Self.live(CurlTransport(), server.url("/relay/"), probes: false, only: ["rooms.send"])
        } else {
            let transport = ClosureTransport { request in
                HTTPResponse(
                    status: 200, headers: [("Content-Type", "application/json")],
                    body: request.url.path.hasSuffix("/login") ? login : body)
            }
            report = await Self.live(transport, URL(string: "http://mock.invalid/relay/")!, probes: false, only: ["rooms.send"])
        }
        let finding = report.allFindings.first { $0.kind == .httpStatus }
        #expect(report.findingLines == ["error http-status rooms.send -"])
        #expect(finding?.expected == "HTTP 201")
        #expect(finding?.found == "HTTP 200")
        #expect(report.verdict == .violated)
    }
}

extension RelayLiveTests {
    /// A failure in the API's error shape is reported with the API's own code, at its path, and
    /// its message, on both tiers.
    @Test(arguments: [false, true]) func aFailureCarriesTheAPIsCodeAndMessage(overSocket: Bool) async throws {
        let login = Data(#"{"access_token": "syt_YWRh_0123456789abcdef", "user_id": "@ada:relay", "device_id": "D1"}"#.utf8)
        let refusal = Data(#"{"errcode": "M_NOT_FOUND", "error": "Unknown room"}"#.utf8)
        let report: Report
        if overSocket {
            let server = try TestServer { request in
                if request.path.hasSuffix("/logout") { return .json(Data("{}".utf8)) }
                return request.path.hasSuffix("/login") ? .json(login) : .json(refusal, status: 404)
            }
            defer { server.stop() }
            report = await Self.live(CurlTransport(), server.url("/relay/"), probes: false, only: ["rooms.members"])
        } else {
            let transport = ClosureTransport { request in
                let isLogin = request.url.path.hasSuffix("/login"), isLogout = request.url.path.hasSuffix("/logout")
                return HTTPResponse(
                    status: isLogin || isLogout ? 200 : 404, headers: [("Content-Type", "application/json")],
                    body: isLogin ? login : isLogout ? Data("{}".utf8) : refusal)
            }
            report = await Self.live(transport, URL(string: "http://mock.invalid/relay/")!, probes: false, only: ["rooms.members"])
        }
        #expect(report.findingLines == ["error server-code rooms.members $.errcode"])
        let finding = report.allFindings.first
        // The status is half of what came: the code is read from the error shape of a 404.
        #expect(finding?.found == #"HTTP 404, "M_NOT_FOUND""#)
        #expect(finding?.message == #"server failure code "M_NOT_FOUND": "Unknown room""#)
    }
}

/// A transport answering from a closure: the in-process tier of a one-off server.
struct ClosureTransport: Transport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { answer(request) }
}
