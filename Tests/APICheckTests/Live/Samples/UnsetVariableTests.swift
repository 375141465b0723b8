@testable import APICheck
import Foundation
import TestSupport
import Testing

/// Aim: `GET runs/{run_id}/info` and `DELETE runs/{run_id}` read one variable, and a reads-only
/// run asked for "a value the server holds" without saying that the run with writes the import
/// suggests next deletes that object. The skip names the deletions of what the variable names.
@Suite struct UnsetVariableTests {
    static func api(deleting: Bool) -> API {
        let runID = Parameter.path("run_id", .string, sample: .environment("AIM_RUN_ID", fallback: nil))
        var endpoints = [Endpoint<JSONValue>(id: "runInfo", .get, "runs/{run_id}/info", parameters: [runID], mock: "run").erased]
        if deleting {
            endpoints.append(Endpoint<JSONValue>(id: "deleteRun", .delete, "runs/{run_id}", parameters: [runID], mock: "run").erased)
            // Removing a tag from the run deletes no run.
            let tagID = Parameter.path("tag_id", .string, sample: .literal("t-1"))
            endpoints.append(
                Endpoint<JSONValue>(id: "untagRun", .delete, "runs/{run_id}/tags/{tag_id}", parameters: [runID, tagID], mock: "run").erased)
        }
        return API(name: "aim", envelope: .none, endpoints: endpoints)
    }

    func skips(_ api: API) async throws -> [String: String] {
        let mocks = try TemporaryFolder("unset-variable")
        defer { mocks.remove() }
        try Data("{}".utf8).write(to: mocks.appendingPathComponent("run.json"))
        let report = await LiveCheck(
            api: api, transport: MockTransport(directory: mocks.url, api: api),
            options: LiveOptions(baseURL: URL(string: "http://mock.invalid/")!, probes: false)
        ).run()
        return Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0.skipped?.rawValue ?? "ran") })
    }

    @Test func theSkipOfAReadNamesTheDeletionsOfItsVariable() async throws {
        let skips = try await skips(Self.api(deleting: true))
        #expect(
            skips["runInfo"]
                == "'run_id' comes from $AIM_RUN_ID, which is not set: set it to a value the server holds; "
                + "a run with writes deletes what it names (deleteRun)", "\(skips)")
    }

    @Test func aVariableNoDeletionReadsKeepsItsHint() async throws {
        let skips = try await skips(Self.api(deleting: false))
        #expect(skips["runInfo"] == "'run_id' comes from $AIM_RUN_ID, which is not set: set it to a value the server holds", "\(skips)")
    }
}
