import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import Foundation
import Testing
import TestSupport

/// `--only` runs what it names: an endpoint whose declaration needs fixing, and that the run
/// never calls, does not hold it up (an imported document often leaves a few such behind).
@Suite struct OnlyOptionTests {
    /// The demo with one more endpoint, whose path names a parameter it never declares.
    static func tool() -> APICheckTool {
        var api = Demo.api
        api.endpoints.append(Endpoint<NoContent>(id: "things.show", .get, "things/{thing}", mock: "thing", enveloped: false).erased)
        return APICheckTool(api: api, sandbox: DemoSandboxLauncher(), name: "shop")
    }

    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await Self.tool().run(
            arguments, console: console, environment: [:], workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }

    @Test func anEndpointOutsideTheSelectionThatNeedsFixingIsSaidNotFatal() async {
        let selected = await run(["live", "--only", "config.main", "--mocks", LiveHarness.mocks.path])
        #expect(selected.code == 0, "\(selected.err)")
        #expect(selected.err.contains("1 endpoint outside --only needs fixing"), "\(selected.err)")
        #expect(selected.err.contains("things.show"), "\(selected.err)")
        #expect(selected.err.contains("('shop mocks' says why)"), "\(selected.err)")

        // The whole API, or a selection that holds it, still stops before the first request.
        for arguments in [["live"], ["live", "--only", "config.main,things.show"]] {
            let whole = await run(arguments)
            #expect(whole.code == 2, "\(whole.err)")
            #expect(whole.err.contains("declarations need fixing first"), "\(whole.err)")
            #expect(whole.err.contains("things.show: the path 'things/{thing}' has {thing}"), "\(whole.err)")
        }
    }
}
