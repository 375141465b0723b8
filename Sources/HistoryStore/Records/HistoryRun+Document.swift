import APICheck

extension HistoryRun {
    /// Every text the store would keep of the run, as one JSON document: what the secret proof
    /// searches before anything is written.
    public var document: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("runID", .string(runID)), ("reportRunID", text(reportRunID)), ("command", .string(command)), ("api", .string(api)),
            ("apiHash", .string(apiHash)),
            ("commit", text(commit)), ("tool", .string(tool)), ("environment", text(environment)),
            ("baseURL", .string(baseURL)), ("shard", text(shard)), ("verdict", .string(verdict)),
            (
                "results",
                .array(
                    results.map { result in
                        .object([
                            ("name", .string(result.name)), ("role", .string(result.role)), ("endpoint", .string(result.endpoint)),
                            ("status", .string(result.status)), ("outcome", text(result.classification)), ("mock", text(result.mock)),
                        ])
                    })
            ),
            (
                "findings",
                .array(
                    findings.map { finding in
                        .object([
                            ("name", .string(finding.name)), ("kind", .string(finding.kind)), ("severity", .string(finding.severity)),
                            ("category", .string(finding.category)), ("path", text(finding.path)), ("code", text(finding.code)),
                            ("mock", text(finding.mock)),
                        ])
                    })
            ),
        ])
    }
}
