import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import TestSupport
import Testing

/// `live` and `mocks` find the package's mocks from anywhere, cap mock files, and say in the
/// report when drift was not checked.
@Suite struct MockFolderOptionTests {
    /// Runs the command line from an empty temporary folder, without APICHECK_MOCKS.
    func cli(_ arguments: [String], api: API = Demo.api) async throws -> (code: Int32, out: String, err: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: api, sandbox: DemoSandboxLauncher())
            .run(arguments, console: console, environment: LiveHarness.credentials, workingDirectory: folder)
        return (code, captured.out, captured.err)
    }

    @Test func mocksRunFromElsewhereFindsTheMocksBesideTheDeclarations() async throws {
        let result = try await cli(["mocks", "--report", "json"])
        #expect(result.code == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(
            (json["target"] as? String).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                == LiveHarness.mocks.standardizedFileURL.path)
    }

    @Test func mocksWithNothingToFindIsAUsageErrorSayingWhereItLooked() async throws {
        var api = Demo.api
        api.declaredIn = nil
        let result = try await cli(["mocks"], api: api)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("apicheck mocks: no mocks folder in ./mocks and the packages above "))
        #expect(result.err.contains("(give --mocks DIR)"))
    }

    @Test func liveWithoutMocksSaysInTheReportThatDriftWasNotChecked() async throws {
        var api = Demo.api
        api.declaredIn = nil
        let result = try await cli(["live", "--only", "topics.list", "--no-probes", "--report", "json"], api: api)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("; drift is not checked"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let run = try #require(json["runFindings"] as? [[String: Any]])
        #expect(run.count == 1)
        #expect(run.first?["kind"] as? String == "mocks-folder")
        #expect(run.first?["severity"] as? String == "warning")
        #expect((run.first?["message"] as? String)?.hasPrefix("drift against the mocks was not checked: no mocks folder in ") == true)
        // The result carries the template and the path requested.
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.first?["path"] as? String == "topics")
        #expect(results.first?["requestPath"] as? String == "topics")
    }

    @Test func liveFromElsewhereComparesWithThePackagesMocks() async throws {
        let result = try await cli(["live", "--only", "topics.list", "--no-probes", "--report", "json"])
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.err.contains("drift is not checked"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((json["runFindings"] as? [Any])?.isEmpty == true)
    }

    @Test func theMockCapIsAnOption() async throws {
        let result = try await cli(["mocks", "--mocks", LiveHarness.mocks.path, "--max-mock", "1K"])
        #expect(result.code == 1)
        #expect(result.out.contains("mock-too-large"))
        #expect(result.out.contains("over the 1 KiB cap for mock files"))
        let bad = try await cli(["mocks", "--max-mock", "lots"])
        #expect(bad.code == 2)
        #expect(bad.err.contains("--max-mock expects a size such as 33554432, 32M or 512K, got 'lots'"))
    }
}
