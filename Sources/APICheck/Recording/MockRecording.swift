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

    /// What `record` lists after the files: the mocks not recorded, the contract errors, the
    /// run's errors. A mock not recorded because its endpoint failed is said once, by the error,
    /// which its note only repeats.
    public var listedFindings: [Finding] {
        let violations = self.violations
        let notes = notRecorded.filter { note in
            !violations.contains { $0.endpoint == note.endpoint && note.message.hasSuffix(" not recorded: " + $0.summaryLine) }
        }
        return notes + violations + report.runFindings.filter { $0.severity == .error }
    }

    /// The run's report with what was not recorded under the endpoint it is about: what
    /// `record --report` writes.
    public var fullReport: Report {
        var report = report
        for finding in notRecorded {
            if let index = report.results.firstIndex(where: { $0.role == .endpoint && $0.endpoint == finding.endpoint }) {
                report.results[index].findings.append(finding)
            } else {
                report.runFindings.append(finding)
            }
        }
        return report
    }

    /// As `live`: unreachable; violated when a file was refused or the contract violated;
    /// incomplete when the run could not do its job (refused credentials, a file that could not be
    /// written); else holds.
    public var verdict: Verdict {
        Verdict(
            unreachable: report.targetUnreachable, violated: files.contains(where: { $0.action == .refused }) || !violations.isEmpty,
            incomplete: files.contains(where: { $0.action == .failed })
                || report.allFindings.contains(where: { $0.severity == .error && $0.category == .harness })
                || report.results.contains(where: { $0.skipped.map { !$0.isChosen } ?? false }))
    }
}
