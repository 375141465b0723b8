extension CheckResult {
    /// The one-word verdict reports print for a result.
    public enum Status: String, Sendable, CaseIterable {
        case ok
        /// Passed, with warnings (which fail the run only under `--strict`).
        case warn
        case fail = "FAIL"
        case skip
    }

    /// `skip` when the check did not run, `FAIL` when it has an error (or, under strict, a
    /// warning), `warn` when it has warnings, else `ok`.
    public func status(strict: Bool) -> Status {
        if skipped != nil { return .skip }
        if !passed(strict: strict) { return .fail }
        if findings.contains(where: { $0.severity == .warning }) { return .warn }
        return .ok
    }

    /// The total time in whole milliseconds, when the request was timed.
    public var totalMilliseconds: Int? {
        timings.map { Int(($0.total * 1000).rounded()) }
    }
}
