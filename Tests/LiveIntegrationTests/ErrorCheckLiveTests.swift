import APICheck
import Contracts
import Foundation
import Sandbox
import TestSupport
import Testing

/// The demo's declared error checks against the sandbox: each a step after its endpoint's call,
/// judged against the envelope's failure codes, not the mock's text.
@Suite struct ErrorCheckLiveTests {
    @Test func theDeclaredFailuresPassOnACleanSandbox() async throws {
        let report = try await LiveHarness.run(only: ["statuses.show", "topics.list", "account.register"])
        #expect(report.allFindings.map(\.message) == [])
        #expect(
            report.errorCheckResults.map(\.name) == [
                "error-check exists account.register", "error-check not_found statuses.show", "error-check bad_page topics.list",
            ])
        let notFound = try #require(report.errorCheckResults.first { $0.scenario == "not_found" })
        #expect(notFound.requestPath == "statuses/1")
        #expect(notFound.classification == "failure(20101)")
        #expect(notFound.reproduceCommand?.contains("statuses/1") == true)
        #expect(report.summary.errorChecks == 3 && report.summary.errorChecksPassed == 3)
        #expect(report.summaryLine.contains("3 error checks ok"))
    }

    @Test func aSuccessWhereAFailureIsDeclaredIsAFinding() async throws {
        // Every request to statuses/{id} now gets a success envelope with no payload.
        let report = try await LiveHarness.run([.envelopeCode(route: "statuses/{id}", code: 200, msg: "success")], only: ["statuses.show"])
        let check = try #require(report.errorCheckResults.first)
        #expect(check.findings.map { "\($0.kind) \($0.path ?? "-") \($0.found ?? "-")" } == ["error-check $.code success (HTTP 200)"])
        #expect(check.findings.first?.message.hasPrefix("scenario 'not_found' (id=1): the input was accepted with a success") == true)
        #expect(check.findings.first?.endpoint == "statuses.show")
        #expect(report.verdict == .violated)
    }

    @Test func anotherCodeIsAFindingAtTheCodesPath() async throws {
        let report = try await LiveHarness.run([.envelopeCode(route: "topics", code: -2, msg: "try later")], only: ["topics.list"])
        let check = try #require(report.errorCheckResults.first)
        #expect(
            check.findings.map { "\($0.kind) \($0.path ?? "-") \($0.expected ?? "-") \($0.found ?? "-")" }
                == ["error-check $.code code -1 code -2"])
    }

    @Test func aWrongStatusAndABodyOutsideTheErrorShapeAreFindings() async throws {
        let report = try await LiveHarness.run([.html(route: "statuses/{id}", status: 502)], only: ["statuses.show"])
        let check = try #require(report.errorCheckResults.first)
        #expect(
            check.findings.map { "\($0.kind) \($0.path ?? "-") \($0.expected ?? "-") \($0.found ?? "-")" } == [
                "error-check - HTTP 200 HTTP 502",
                "error-check $.code a failure envelope with its code at $.code not JSON",
            ])
        #expect(report.verdict == .violated)
    }

    @Test func onlyAndTheReportsCoverTheNewSteps() async throws {
        let report = try await LiveHarness.run(only: ["topics.list"])
        #expect(report.results.map(\.name) == ["topics.list", "error-check bad_page topics.list"])
        let json = JSONReport.render(report, context: RenderContext(tool: "apicheck"))
        #expect(json.contains("\"errorChecks\": 1"))
        #expect(json.contains("\"role\": \"error-check\""))
        let read = try JSONReportReader.read(Data(json.utf8))
        #expect(read.errorCheckResults.map(\.scenario) == ["bad_page"])
        let junit = JUnitReport.render(report, context: RenderContext(tool: "apicheck"))
        #expect(junit.contains("classname=\"demo.error-checks\" name=\"error-check bad_page topics.list\""))
        let metrics = OpenMetricsReport.render(report, context: RenderContext(tool: "apicheck"))
        #expect(metrics.contains("role=\"error-check\",status=\"ok\"} 1"))
        let html = HTMLReport.render(report, context: RenderContext(tool: "apicheck"))
        #expect(html.contains("<th>error-check bad_page</th>"))
    }

    /// Each shard sends the error checks of its own endpoints, and `merge` lists each once, after
    /// the paging check, as one run does.
    @Test func theShardsSendEachErrorCheckOnceAndMergeKeepsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("error-check-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = [], names: [String] = []
        for index in 1...3 {
            let file = folder.appendingPathComponent("live-\(index).json").path
            let run = await LiveHarness.cli(["live", "--shard", "\(index)/3", "--run-id", "error-checks", "--report", "json:" + file])
            #expect(run.code == 0, "\(run.out)")
            let shard = try JSONReportReader.read(Data(contentsOf: URL(fileURLWithPath: file)))
            names += shard.errorCheckResults.map(\.name)
            files.append(file)
        }
        #expect(
            names.sorted() == [
                "error-check bad_page topics.list", "error-check exists account.register", "error-check not_found statuses.show",
            ])
        let merged = folder.appendingPathComponent("merged.json").path
        let merge = await LiveHarness.cli(["merge"] + files + ["--report", "json:" + merged])
        #expect(merge.code == 0, "\(merge.err)")
        let report = try JSONReportReader.read(Data(contentsOf: URL(fileURLWithPath: merged)))
        #expect(
            report.results.suffix(3).map(\.name)
                == ["error-check exists account.register", "error-check not_found statuses.show", "error-check bad_page topics.list"])
        #expect(report.summary.errorChecks == 3 && report.summary.errorChecksPassed == 3)
    }
}

/// `--no-error-checks` leaves the declared error checks out of `live`; without it they run.
@Suite struct ErrorCheckOptionTests {
    @Test func noErrorChecksLeavesThemOut() async {
        let with = await LiveHarness.cli(["live", "--only", "topics.list"])
        #expect(with.code == 0)
        #expect(with.out.contains("error-check bad_page topics.list"))
        let without = await LiveHarness.cli(["live", "--only", "topics.list", "--no-error-checks"])
        #expect(without.code == 0)
        #expect(!without.out.contains("error-check"))
    }
}
