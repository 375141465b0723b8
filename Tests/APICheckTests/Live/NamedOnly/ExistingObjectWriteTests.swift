@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A write declared `actingOnExisting()` writes to an object the run did not create, one a
/// variable names: Aim has no `POST /runs`, and a full run with `$AIM_RUN_ID` set updated, then
/// deleted, the run it named. A full run leaves such writes out, as a chosen skip saying how to
/// check them; `--only` naming one by its id sends it; writes to what the run made still run.
@Suite struct ExistingObjectWriteTests {
    struct Run: Decodable, Sendable { var id: String; var name: String }

    static let getRun = Endpoint<Run>(
        id: "getRun", .get, "runs/{id}", parameters: [.path("id", .string, sample: .environment("AIM_RUN_ID", fallback: nil))],
        mock: "run")
    static let updateRun = Endpoint<Run>(
        id: "updateRun", .put, "runs/{id}", parameters: [.path("id", .string, sample: .environment("AIM_RUN_ID", fallback: nil))],
        mock: "run"
    ).actingOnExisting().ordered(after: "getRun")
    static let deleteRun = Endpoint<NoContent>(
        id: "deleteRun", .delete, "runs/{id}", parameters: [.path("id", .string, sample: .environment("AIM_RUN_ID", fallback: nil))],
        mock: "deleteRun", successStatus: 204
    ).actingOnExisting().ordered(after: "getRun", "updateRun")
    /// Reads the name the update answered: it cannot run without the update.
    static let findRenamed = Endpoint<[Run]>(
        id: "findRenamed", .get, "runs",
        parameters: [.query("name", .string, required: true, sample: .seen(endpoint: "updateRun", path: "$.name", fallback: nil))],
        mock: "runs")
    static let createTag = Endpoint<Run>(id: "createTag", .post, "tags", mock: "run", successStatus: 201)
    static let deleteTag = Endpoint<NoContent>(
        id: "deleteTag", .delete, "tags/{id}",
        parameters: [.path("id", .string, sample: .seen(endpoint: "createTag", path: "$.id", fallback: nil))],
        mock: "deleteRun", successStatus: 204)

    static let api = API(
        name: "aim", envelope: .none, errors: ErrorShape(code: "$.code", message: "$.message"), auth: .noLogin,
        endpoints: [getRun, updateRun, deleteRun, findRenamed, createTag, deleteTag])

    /// The person's run `r-kept`, and what the run creates.
    final class Server: Transport, Sendable {
        let requests = Mutex<[String]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let line = "\(request.method.rawValue) \(request.url.path)"
            requests.withLock { $0.append(line) }
            func answer(_ status: Int, _ text: String = "") -> HTTPResponse {
                HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
            }
            switch request.method {
            case .delete: return answer(204)
            case .post: return answer(201, #"{"id": "t-made", "name": "tag"}"#)
            default:
                return line == "GET /runs"
                    ? answer(200, #"[{"id": "r-kept", "name": "kept"}]"#) : answer(200, #"{"id": "r-kept", "name": "kept"}"#)
            }
        }
    }

    func run(_ server: Server, only: Set<String>? = nil, named: Set<String>? = nil) async -> Report {
        var options = LiveOptions(baseURL: URL(string: "http://aim.invalid/")!, only: only, environment: ["AIM_RUN_ID": "r-kept"])
        options.identityEndingsNamed = named
        return await LiveCheck(api: Self.api, transport: server, options: options).run()
    }

    @Test func aFullRunLeavesTheObjectItDidNotCreateAndSaysHowToCheckTheWrites() async {
        let server = Server()
        let report = await run(server)
        let requests = server.requests.withLock { $0 }
        #expect(!requests.contains("PUT /runs/r-kept") && !requests.contains("DELETE /runs/r-kept"), "\(requests)")
        // What the run made is still written and deleted.
        #expect(requests.contains("DELETE /tags/t-made"), "\(requests)")
        let skipped = Dictionary(
            uniqueKeysWithValues: report.endpointResults.compactMap { result in result.skipped.map { (result.name, $0) } })
        #expect(skipped["updateRun"]?.isChosen == true, "\(skipped)")
        #expect(skipped["updateRun"]?.rawValue.contains("acts on what $AIM_RUN_ID names") == true, "\(skipped)")
        #expect(
            skipped["deleteRun"]?.rawValue.hasSuffix("check it with --only deleteRun, on an object that may be changed or deleted") == true
        )
        #expect(skipped["findRenamed"] == .needsNamed(Self.updateRun.erased), "\(skipped)")
        #expect(skipped["findRenamed"]?.isChosen == true)
        #expect(skipped["getRun"] == nil && skipped["createTag"] == nil && skipped["deleteTag"] == nil, "\(skipped)")
        // Skips the run chose leave the verdict to the checks that ran.
        #expect(report.verdict == .holds, "\(report.allFindings.map(\.message))")
    }

    @Test func namedByItsIdItIsSent() async {
        let server = Server()
        let report = await run(server, only: ["updateRun", "deleteRun", "findRenamed"])
        let requests = server.requests.withLock { $0 }
        #expect(requests.contains("PUT /runs/r-kept") && requests.contains("DELETE /runs/r-kept"), "\(requests)")
        #expect(report.endpointResults.allSatisfy { $0.passed }, "\(report.endpointResults.map { ($0.name, $0.skipped) })")
        #expect(report.endpointResults.count == 3)
    }

    /// A pattern or a shard's cut is no naming.
    @Test func aSelectionThatDoesNotNameItLeavesItOut() async {
        let server = Server()
        let report = await run(server, only: ["getRun", "deleteRun"], named: ["getRun"])
        #expect(!server.requests.withLock { $0 }.contains("DELETE /runs/r-kept"))
        #expect(report.endpointResults.first { $0.name == "deleteRun" }?.skipped?.isChosen == true)
    }
}
