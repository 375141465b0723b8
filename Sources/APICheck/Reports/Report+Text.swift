extension Report {
    /// The report with `transform` applied to every text in it, so that nothing can be missed:
    /// `multiline` is true for a finding's message, expected and found (they may span lines).
    public func mappingText(_ transform: (_ text: String, _ multiline: Bool) -> String) -> Report {
        var report = self
        report.mapText(transform)
        return report
    }

    /// `mappingText` in place: a report held once (a run's, before it is returned) is changed
    /// where it is, not copied result by result beside itself.
    mutating func mapText(_ transform: (_ text: String, _ multiline: Bool) -> String) {
        func line(_ text: String) -> String { transform(text, false) }
        api = line(api)
        target = line(target)
        runID = runID.map(line)
        environment = environment.map(line)
        plan = plan.map { $0.map(line) }
        for index in results.indices {
            results[index].name = line(results[index].name)
            results[index].endpoint = line(results[index].endpoint)
            results[index].method = line(results[index].method)
            results[index].path = line(results[index].path)
            results[index].requestPath = results[index].requestPath.map(line)
            results[index].readReproduceCommand = results[index].readReproduceCommand.map(line)
            results[index].traceparent = results[index].traceparent.map(line)
            results[index].classification = results[index].classification.map { ClassificationSummary(name: line($0.name)) }
            results[index].skipped = results[index].skipped.map { SkipReason(line($0.rawValue), chosen: $0.isChosen) }
            results[index].findings = results[index].findings.map { $0.mappingText(transform) }
        }
        runFindings = runFindings.map { $0.mappingText(transform) }
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
