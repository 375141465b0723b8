/// What `apicheck record` did: the live run's report, each file's fate, and the mocks it could not
/// record (an endpoint that failed, a probe answered the wrong way), with why.
public struct MockRecording: Sendable {
    public var report: Report
    public var files: [MockWriteResult]
    public var notRecorded: [Finding]
    public var force: Bool

    /// The contract errors of the run that no file's lines already show: a failed endpoint that
    /// gave no answer to write, a probe answered the wrong way, a login without token.
    public var violations: [Finding] {
        let shown = Set(files.filter { !$0.findings.isEmpty }.map(\.endpoint))
        return report.results.flatMap { result in
            result.role == .endpoint && shown.contains(result.endpoint) ? [] : result.findings
        }.filter { $0.severity == .error && $0.category == .contract }
            + report.runFindings.filter { $0.severity == .error && $0.category == .contract }
    }

    /// As `live`: 3 unreachable; 1 a file refused or the contract violated; 2 the run could not do
    /// its job (refused credentials, a file that could not be written); else 0.
    public var exitCode: Int32 {
        if report.targetUnreachable { return 3 }
        if files.contains(where: { $0.action == .refused }) || !violations.isEmpty { return 1 }
        if files.contains(where: { $0.action == .failed }) { return 2 }
        if report.allFindings.contains(where: { $0.severity == .error && $0.category == .harness }) || report.results.contains(where: { $0.skipped != nil }) { return 2 }
        return 0
    }
}
