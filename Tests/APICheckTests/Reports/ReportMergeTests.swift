import Foundation
import TestSupport
import Testing
@testable import APICheck

/// JSON reports read back and shards' reports merged: a report survives the JSON round trip, a
/// run split into shards merges back into the run's own report, and reports that do not make
/// one run are refused with a message naming the files and shards.
@Suite struct ReportMergeTests {
    static let context = RenderContext(tool: "apicheck", exitCode: 1)
    static let declared = ReportFixtures.live.results.filter { $0.role == .endpoint }.map(\.endpoint)

    /// The fixture as a whole run that knows its plan and run id.
    static var whole: Report {
        var report = ReportFixtures.live
        report.runID = "github-42-1"
        report.environment = "staging"
        report.plan = declared
        report.results[0].traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        return report
    }

    /// `report` cut into `count` shards as `live --shard` cuts a run: each endpoint, and the
    /// probes on it, where its id hashes.
    static func shards(of report: Report, count: Int) -> [ReportMerge.Part] {
        (1...count).map { index in
            let shard = Shard(index: index, count: count)!
            var part = report
            part.shard = shard
            part.plan = report.plan?.filter(shard.contains)
            part.results = report.results.filter { shard.contains($0.endpoint) }
            return ReportMerge.Part(name: "shard-\(index).json", report: part)
        }
    }

    /// Through JSON and back, as `merge` reads what `live` wrote.
    static func reread(_ part: ReportMerge.Part) throws -> ReportMerge.Part {
        ReportMerge.Part(name: part.name, report: try JSONReportReader.read(Data(JSONReport.render(part.report, context: context).utf8)))
    }

    @Test(arguments: [ReportFixtures.live, whole, ReportFixtures.unreachable, ReportFixtures.mocks, ReportFixtures.hostile])
    func aJSONReportReadBackRendersTheSameJSON(_ report: Report) throws {
        let json = JSONReport.render(report, context: Self.context)
        let read = try JSONReportReader.read(Data(json.utf8))
        #expect(JSONReport.render(read, context: Self.context) == json)
        #expect(read.verdict == report.verdict)
    }

    @Test(arguments: 1...8)
    func theShardsOfARunMergeIntoItsReport(_ count: Int) throws {
        let parts = try Self.shards(of: Self.whole, count: count).map(Self.reread).reversed()
        let merged = try ReportMerge.merge(Array(parts), declared: Self.declared, loggingOut: ["account.logout"])
        #expect(merged.shard == nil)
        #expect(JSONReport.render(merged, context: Self.context) == JSONReport.render(Self.whole, context: Self.context))
    }

    /// A run lists the probes on the endpoint that logs out after every other endpoint's probes
    /// (the logout ends the session they need), wherever it is declared; the merge does too.
    @Test func probesOnTheLogoutEndpointComeAfterTheOthersWhereverItIsDeclared() throws {
        let declared = ["account.logout"] + Self.declared.filter { $0 != "account.logout" }
        var report = Self.whole
        report.plan = declared
        let endpoints = report.results.filter { $0.role == .endpoint }
        var onLogout = try #require(report.results.first { $0.probe == .tokenExpired })
        onLogout.name = "probe token-expired account.logout"
        onLogout.endpoint = "account.logout"
        report.results =
            endpoints.filter { $0.endpoint == "account.logout" } + endpoints.filter { $0.endpoint != "account.logout" }
            + report.results.filter { $0.role == .probe } + [onLogout]
        for count in 1...6 {
            let merged = try ReportMerge.merge(Self.shards(of: report, count: count), declared: declared, loggingOut: ["account.logout"])
            #expect(merged.results.map(\.name) == report.results.map(\.name), "\(count) shards")
        }
    }

    @Test func withoutTheDeclarationsEveryResultIsStillThereOnce() throws {
        let merged = try ReportMerge.merge(Self.shards(of: Self.whole, count: 3))
        #expect(merged.results.map(\.name).sorted() == Self.whole.results.map(\.name).sorted())
        #expect(Set(merged.plan ?? []) == Set(Self.declared))
        #expect(merged.verdict == Self.whole.verdict)
    }

    @Test func aRunFindingEveryShardReportsIsKeptOnce() throws {
        var report = Self.whole
        report.runFindings = [Finding(kind: .session, severity: .info, category: .harness, endpoint: nil, message: "no logout endpoint")]
        let merged = try ReportMerge.merge(Self.shards(of: report, count: 4))
        #expect(merged.runFindings == report.runFindings)
    }

    static func mergeError(_ parts: [ReportMerge.Part]) -> String? {
        do {
            _ = try ReportMerge.merge(parts)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMissingShardIsNamed() {
        var parts = Self.shards(of: Self.whole, count: 4)
        parts.remove(at: 2)
        parts.remove(at: 0)
        #expect(Self.mergeError(parts) == "shards 1/4, 3/4 are missing: 2 of the 4 shards' reports were given")
    }

    @Test func aShardGivenTwiceIsNamed() {
        var parts = Self.shards(of: Self.whole, count: 3)
        parts.append(ReportMerge.Part(name: "again.json", report: parts[1].report))
        #expect(Self.mergeError(parts) == "shard 2/3 is given twice: shard-2.json and again.json")
    }

    @Test func reportsOfAnotherAPIOrRunAreRefused() {
        var parts = Self.shards(of: Self.whole, count: 2)
        parts[1].report.api = "billing"
        #expect(Self.mergeError(parts) == "shard-1.json and shard-2.json are reports of different APIs ('demo' and 'billing')")
        parts = Self.shards(of: Self.whole, count: 2)
        parts[1].report.runID = "github-43-1"
        #expect(
            Self.mergeError(parts)?.hasPrefix(
                "shard-1.json and shard-2.json are reports of different runs "
                    + "(run id 'github-42-1' and run id 'github-43-1'): give every shard of one run the same --run-id") == true)
        parts = Self.shards(of: Self.whole, count: 2)
        parts[1].report.shard = Shard(index: 2, count: 3)
        #expect(Self.mergeError(parts)?.contains("split the run in different ways") == true)
        parts = Self.shards(of: Self.whole, count: 2)
        parts[1].report.shard = nil
        #expect(
            Self.mergeError(parts) == "shard-2.json is the report of a whole run, not of a shard: it cannot be merged with shard-1.json")
    }

    @Test func shardsThatPlannedTheSameEndpointAreRefused() {
        var parts = Self.shards(of: Self.whole, count: 2)
        parts[1].report.plan = (parts[1].report.plan ?? []) + [parts[0].report.plan![0]]
        #expect(Self.mergeError(parts)?.contains("is in the plans of shard-1.json (shard 1/2) and shard-2.json (shard 2/2)") == true)
    }

    @Test func aFileThatIsNoReportSaysWhere() {
        #expect(throws: ReportReadError.self) { try JSONReportReader.read(Data("[]".utf8)) }
        var json = JSONReport.render(Self.whole, context: Self.context)
        json = json.replacingOccurrences(of: "\"strict\": false", with: "\"strict\": \"no\"")
        #expect(throws: ReportReadError("$.strict: expected Bool, found String")) { try JSONReportReader.read(Data(json.utf8)) }
    }
}
