import APICheck
import CurlClient
import Foundation
import TestSupport
import Testing

/// `LiveOptions.excluded` (`--except`) against a server that logs what it was asked: an endpoint
/// left out is never sent, not even as what another needs first; what needs it is skipped, naming
/// it, and such a skip leaves the verdict to the checks that ran.
@Suite(.serialized) struct ExceptLiveTests {
    private func run(excluding excluded: Set<String>, only: Set<String>? = nil) async throws -> (Report, [String]) {
        let server = try TestServer { request in
            switch request.method {
            case "POST": .json(Data(#"{"room_id": "!abc:example.org"}"#.utf8))
            case "PUT": .json(Data(#"{"event_id": "$e1"}"#.utf8))
            default: .json(Data(#"{"chunk": [{"event_id": "$e1"}]}"#.utf8))
            }
        }
        defer { server.stop() }
        let folder = try RoomsAPI.mockFolder()
        defer { folder.remove() }
        var options = LiveOptions(baseURL: server.url("/chat/"), only: only, mocksDirectory: folder.url)
        options.excluded = excluded
        let report = await LiveCheck(api: RoomsAPI.api, transport: CurlTransport(), options: options).run()
        return (report, server.requests.map { "\($0.method) \($0.path)" })
    }

    @Test func whatNeedsALeftOutEndpointIsSkippedNamingIt() async throws {
        let (report, asked) = try await run(excluding: ["rooms.create"])
        #expect(asked == [])
        #expect(report.results.map(\.name) == ["rooms.send", "rooms.messages"])
        for result in report.results {
            #expect(result.skipped == "it needs rooms.create (POST) first, which --except leaves out")
            #expect(result.skipped?.isChosen == true)
        }
        #expect(report.verdict == .holds)
    }

    @Test func aLeftOutEndpointIsNotPulledInAsWhatTheSelectionNeeds() async throws {
        let (report, asked) = try await run(excluding: ["rooms.create"], only: ["rooms.messages"])
        #expect(asked == [])
        #expect(report.results.map(\.name) == ["rooms.messages"])
        #expect(report.results.first?.skipped?.isChosen == true)
    }

    /// `after:` orders only: the read still runs when what it comes after is left out.
    @Test func anEndpointDeclaredAfterALeftOutOneStillRuns() async throws {
        let (report, asked) = try await run(excluding: ["rooms.send"])
        #expect(asked.sorted() == ["GET /chat/rooms/!abc:example.org/messages", "POST /chat/rooms"], "\(asked)")
        #expect(report.results.map(\.name) == ["rooms.create", "rooms.messages"])
        #expect(report.results.allSatisfy { $0.skipped == nil })
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
    }
}
