import APICheck
import Foundation
import HistoryStore

/// Runs with known verdicts, times and findings, built as `apicheck live` builds its report.
enum HistoryFixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A report of two endpoints and a probe: `feed` fails with a decode error when `feedFails`,
    /// and `profile` drifts from its mock when `profileDrifts`.
    static func report(
        at offset: Double, feedFails: Bool, profileDrifts: Bool = false, feedMs: Double = 40,
        target: String = "https://user:pw@staging.example.com/Api/?key=abc", api: String = "demo"
    ) -> Report {
        var feedFindings: [Finding] = []
        if feedFails {
            feedFindings.append(
                Finding(
                    kind: .decode, severity: .error, endpoint: "feed.list", path: "$.datas[0].user.name",
                    expected: "String", found: "null", message: "expected String, found null"))
        }
        let feed = CheckResult(
            name: "feed.list", role: .endpoint, endpoint: "feed.list", method: "GET", path: "feed",
            status: 200, classification: "success", timings: Timings(total: feedMs / 1000), findings: feedFindings)
        var profileFindings: [Finding] = []
        if profileDrifts {
            profileFindings.append(
                Finding(
                    kind: .driftAdded, severity: .warning, endpoint: "user.profile", path: "$.datas.nickname",
                    message: "added", file: "/runner/x/mocks/profile.json"))
        }
        let profile = CheckResult(
            name: "user.profile", role: .endpoint, endpoint: "user.profile", method: "GET", path: "profile",
            status: 200, classification: "success", timings: Timings(total: 0.02), findings: profileFindings)
        let probe = CheckResult(
            name: "probe token-expired feed.list", role: .probe, endpoint: "feed.list", method: "GET", path: "feed",
            status: 403, classification: "tokenExpired", timings: Timings(total: 0.01))
        return Report(
            command: .live, api: api, target: target, startedAt: start.addingTimeInterval(offset), duration: 0.5,
            concurrency: 4, results: [feed, profile, probe])
    }

    static func run(
        at offset: Double, feedFails: Bool, profileDrifts: Bool = false, feedMs: Double = 40,
        commit: String? = nil, api: String = "demo"
    ) -> HistoryRun {
        HistoryRun(
            report: report(at: offset, feedFails: feedFails, profileDrifts: profileDrifts, feedMs: feedMs, api: api),
            apiHash: "0123456789abcdef", commit: commit, tool: "apicheck test", environment: "staging",
            mockFiles: ["feed.list": "feed.json", "user.profile": "profile.json"])
    }
}
