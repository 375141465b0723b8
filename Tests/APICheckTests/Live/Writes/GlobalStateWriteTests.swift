@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A write declared `changingGlobalState()` (Superset's `DELETE /api/v1/theme/unset_system_default`)
/// changes the server for everyone with nothing of the run's to name: a full run does not send
/// it, reports it as a chosen skip (the run stays complete), and `--only` naming it sends it.
@Suite struct GlobalStateWriteTests {
    static let themes = Endpoint<JSONValue>(id: "themes", .get, "themes", mock: "themes")
    static let clearDefault = Endpoint<JSONValue>(id: "clearDefault", .delete, "theme/unset_system_default", mock: "cleared")
        .changingGlobalState()

    final class ThemeServer: Transport, Sendable {
        let requests = Mutex<[String]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            requests.withLock { $0.append("\(request.method.rawValue) \(request.url.path)") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(#"{"result": "ok"}"#.utf8))
        }
    }

    static let api = API(name: "themes", envelope: .none, endpoints: [themes, clearDefault])

    func run(only: Set<String>? = nil) async -> (Report, [String]) {
        let server = ThemeServer()
        let options = LiveOptions(baseURL: URL(string: "http://themes.invalid/")!, only: only)
        let report = await LiveCheck(api: Self.api, transport: server, options: options).run()
        return (report, server.requests.withLock { $0 })
    }

    @Test func aFullRunLeavesItOutAsAChosenSkip() async {
        let (report, requests) = await run()
        #expect(requests == ["GET /themes"], "\(requests)")
        let result = report.endpointResults.first { $0.name == "clearDefault" }
        #expect(result?.skipped == .changesGlobalState(Self.clearDefault.erased))
        #expect(result?.skipped?.isChosen == true)
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
        #expect(result?.skipped?.rawValue.hasSuffix("sent only when --only names clearDefault") == true)
    }

    @Test func namedByOnlyItIsSent() async {
        let (report, requests) = await run(only: ["clearDefault"])
        #expect(requests == ["DELETE /theme/unset_system_default"], "\(requests)")
        #expect(report.endpointResults.map(\.passed) == [true], "\(report.allFindings.map(\.message))")
    }
}
