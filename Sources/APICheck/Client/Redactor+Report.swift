extension Redactor {
    /// The report with every secret masked in every text it holds: what `LiveCheck` returns, after
    /// the whole run, so that a token issued late is masked where it was echoed early too.
    public func redact(_ report: Report) -> Report {
        report.mappingText { text, _ in redact(text) }
    }
}
