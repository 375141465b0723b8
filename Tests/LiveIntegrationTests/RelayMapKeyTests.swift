import APICheck
import CurlClient
import Foundation
import RelayExample
import TestSupport
import Testing

/// Keys of a `[String: T]` map are data: members joining or leaving a room are no drift, whether
/// the answer decodes or fails elsewhere, on both tiers.
@Suite(.serialized) struct RelayMapKeyTests {
    static let login = Data(#"{"access_token": "syt_YWRh_0123456789abcdef", "user_id": "@ada:relay", "device_id": "D1"}"#.utf8)

    static func report(_ members: String, overSocket: Bool, only: String = "rooms.members") async throws -> Report {
        let body = Data(members.utf8)
        if overSocket {
            let server = try TestServer { request in .json(request.path.hasSuffix("/login") ? login : body) }
            defer { server.stop() }
            return await RelayLiveTests.live(CurlTransport(), server.url("/relay/"), probes: false, only: [only])
        }
        let transport = ClosureTransport { request in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: request.url.path.hasSuffix("/login") ? login : body)
        }
        return await RelayLiveTests.live(transport, URL(string: "http://mock.invalid/relay/")!, probes: false, only: [only])
    }

    static let others = (1...20).map { #""@user\#($0):relay": {"display_name": "User \#($0)", "avatar_url": null}"# }.joined(separator: ", ")

    @Test(arguments: [false, true]) func newKeysAreNoDrift(overSocket: Bool) async throws {
        let report = try await Self.report(#"{"joined": {\#(Self.others)}}"#, overSocket: overSocket)
        #expect(report.findingLines == [])
    }

    @Test(arguments: [false, true]) func newKeysAreNoDriftBesideADecodeFailure(overSocket: Bool) async throws {
        let report = try await Self.report(#"{"joined": {\#(Self.others), "@broken:relay": {"avatar_url": null}}}"#, overSocket: overSocket)
        #expect(report.findingLines == ["error decode rooms.members $.joined['@broken:relay'].display_name"])
    }

    /// Label maps inside a sum-typed payload: new label names are data too.
    @Test(arguments: [false, true]) func labelKeysInsideASumTypeAreNoDrift(overSocket: Bool) async throws {
        let labels = (1...20).map { #""label\#($0)": "v\#($0)""# }.joined(separator: ", ")
        let decodes = #"{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {\#(labels)}, "value": [1764590400.5, "1"]}]}}"#
        #expect(try await Self.report(decodes, overSocket: overSocket, only: "metrics.query").findingLines == [])
        let fails = #"{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {\#(labels)}, "value": [1764590400.5, 1]}]}}"#
        #expect(try await Self.report(fails, overSocket: overSocket, only: "metrics.query").findingLines
            == ["error decode metrics.query $.data.result[0].value[1]"])
    }
}
