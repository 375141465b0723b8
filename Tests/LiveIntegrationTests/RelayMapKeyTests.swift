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

    static func report(_ members: String, overSocket: Bool, only: String = "rooms.members", mocks: URL = Relay.mocks) async throws -> Report
    {
        let body = Data(members.utf8)
        if overSocket {
            let server = try TestServer { request in .json(request.path.hasSuffix("/login") ? login : body) }
            defer { server.stop() }
            return await RelayLiveTests.live(CurlTransport(), server.url("/relay/"), probes: false, only: [only], mocks: mocks)
        }
        let transport = ClosureTransport { request in
            HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json")], body: request.url.path.hasSuffix("/login") ? login : body)
        }
        return await RelayLiveTests.live(transport, URL(string: "http://mock.invalid/relay/")!, probes: false, only: [only], mocks: mocks)
    }

    static let others = (1...20).map { #""@user\#($0):relay": {"display_name": "User \#($0)", "avatar_url": null}"# }.joined(
        separator: ", ")

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
        let decodes =
            #"{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {\#(labels)}, "value": [1764590400.5, "1"]}]}}"#
        #expect(try await Self.report(decodes, overSocket: overSocket, only: "metrics.query").findingLines == [])
        let fails =
            #"{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {\#(labels)}, "value": [1764590400.5, 1]}]}}"#
        #expect(
            try await Self.report(fails, overSocket: overSocket, only: "metrics.query").findingLines
                == ["error decode metrics.query $.data.result[0].value[1]"])
    }
}

/// A sum-typed payload: an answer the type decodes is never a drift error, whichever branch it is.
@Suite(.serialized) struct RelaySumTypeDriftTests {
    @Test(arguments: [false, true]) func aScalarResultAgainstTheVectorMockIsNoError(overSocket: Bool) async throws {
        let scalar = #"{"status": "success", "data": {"resultType": "scalar", "result": [1764590400.5, "42"]}}"#
        let report = try await RelayMapKeyTests.report(scalar, overSocket: overSocket, only: "metrics.query")
        #expect(report.allFindings.filter { $0.severity == .error }.isEmpty)
    }
}

extension RelaySumTypeDriftTests {
    /// Without a mock of the scalar branch, the answer still decodes: a warning that says, in
    /// words, what the mocks show and what came.
    @Test(arguments: [false, true]) func aBranchNoMockShowsIsAWarningInWords(overSocket: Bool) async throws {
        let folder = try RelayRecordTests.scratchMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("query@scalar.json"))
        let scalar = #"{"status": "success", "data": {"resultType": "scalar", "result": [1764590400.5, "42"]}}"#
        let report = try await RelayMapKeyTests.report(scalar, overSocket: overSocket, only: "metrics.query", mocks: folder)
        #expect(report.findingLines == ["warning drift-type metrics.query $.data.result[*]"])
        #expect(
            report.allFindings.first?.message
                == "the decode type accepts this answer, which decoded; the mocks show an object here, the answer a string or a number: add a mock variant of this shape"
        )
        #expect(report.verdict == .holds)
    }
}
