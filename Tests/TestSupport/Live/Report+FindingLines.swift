import APICheck

extension Report {
    /// Findings as `severity kind endpoint path` lines, sorted: easy to assert on.
    public var findingLines: [String] {
        allFindings.map { "\($0.severity.rawValue) \($0.kind) \($0.endpoint ?? "-") \($0.path ?? "-")" }.sorted()
    }
}
