extension Redactor {
    /// The report with every secret masked in every text it holds, and findings' messages then cut
    /// to `Finding.messageLimit`: what `LiveCheck` returns, after the whole run, so that a token
    /// issued late is masked where it was echoed early too.
    public func redact(_ report: Report) -> Report {
        var report = report.mappingText { text, _ in redact(text) }
        report.runFindings = report.runFindings.map(Self.cut)
        report.results = report.results.map { result in
            var result = result
            result.findings = result.findings.map(Self.cut)
            result.request = result.request?.mappingText(redact)
            return result
        }
        return report
    }

    /// Cut after masking: a secret cut in half would be neither a known value nor a whole field.
    static func cut(_ finding: Finding) -> Finding {
        var finding = finding
        finding.message = Finding.capped(finding.message)
        return finding
    }
}
