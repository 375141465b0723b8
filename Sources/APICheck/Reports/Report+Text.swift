extension Report {
    /// The report with `transform` applied to every text in it, so that nothing can be missed:
    /// `multiline` is true for a finding's message, expected and found (they may span lines).
    public func mappingText(_ transform: (_ text: String, _ multiline: Bool) -> String) -> Report {
        func line(_ text: String) -> String { transform(text, false) }
        func finding(_ finding: Finding) -> Finding { finding.mappingText(transform) }
        var report = self
        report.api = line(api)
        report.target = line(target)
        report.results = results.map { result in
            var result = result
            result.name = line(result.name)
            result.endpoint = line(result.endpoint)
            result.method = line(result.method)
            result.path = line(result.path)
            result.requestPath = result.requestPath.map(line)
            result.outcome = result.outcome.map(line)
            result.skipped = result.skipped.map(line)
            result.findings = result.findings.map(finding)
            return result
        }
        report.runFindings = runFindings.map(finding)
        return report
    }

    /// The report as every renderer prints it: each control, bidi or other unsafe character
    /// escaped by `DisplayText`, line breaks kept only inside findings' messages.
    public var forDisplay: Report {
        mappingText { text, multiline in DisplayText.escaped(text, keepNewlines: multiline) }
    }
}

extension Finding {
    /// The finding with `transform` applied to every text in it; `multiline` as for `Report`.
    public func mappingText(_ transform: (_ text: String, _ multiline: Bool) -> String) -> Finding {
        var finding = self
        finding.endpoint = endpoint.map { transform($0, false) }
        finding.path = path.map { transform($0, false) }
        finding.expected = expected.map { transform($0, true) }
        finding.found = found.map { transform($0, true) }
        finding.message = transform(message, true)
        finding.file = file.map { transform($0, false) }
        return finding
    }
}
