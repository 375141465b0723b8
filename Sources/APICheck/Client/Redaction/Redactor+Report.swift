extension Redactor {
    /// The report with every secret masked in every text it holds, and findings' messages then cut
    /// to `Finding.messageLimit`: what `LiveCheck` returns, after the whole run, so that a token
    /// issued late is masked where it was echoed early too.
    public func redact(_ report: Report) -> Report {
        var report = report
        redact(&report)
        return report
    }

    /// `redact` in place: a run's report, held once, is masked where it is rather than copied
    /// twice over beside itself (three copies of 20,000 results at once).
    func redact(_ report: inout Report) {
        report.mapText { text, _ in redact(text) }
        report.runFindings = report.runFindings.map(Self.cut)
        for index in report.results.indices {
            report.results[index].findings = report.results[index].findings.map(Self.cut)
            report.results[index].request = report.results[index].request?.mappingText(redact)
        }
    }

    /// Cut after masking: a secret cut in half would be neither a known value nor a whole field.
    static func cut(_ finding: Finding) -> Finding {
        var finding = finding
        finding.message = Finding.capped(finding.message)
        return finding
    }
}
