import Foundation

/// Reads a JSON report (`apicheck-report/1`, as `JSONReport` writes it) back into a `Report`, so
/// that reports written apart (a CI matrix's shards) can be rendered again as one. What the
/// renderers derive (`verdict`, `summary`, `passed`) is derived again, not read; the reproduce
/// command is kept as text, since the request it came from is not in the file.
public enum JSONReportReader {
    public static func read(_ data: Data) throws(ReportReadError) -> Report {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw ReportReadError("not JSON: \(error)")
        }
        return try read(document)
    }

    public static func read(_ document: JSONValue) throws(ReportReadError) -> Report {
        let top = Reader(document, at: "$")
        guard case .object = document else { throw ReportReadError("not a JSON report: the document is not an object") }
        let schema = try top.string("schema")
        guard schema == JSONReport.schema else {
            throw ReportReadError("$.schema is '\(schema)', not '\(JSONReport.schema)'")
        }
        let commandName = try top.string("command")
        guard let command = Report.Command(rawValue: commandName) else {
            throw ReportReadError("$.command: unknown command '\(commandName)'")
        }
        let started = try top.string("startedAt")
        guard let startedAt = timestamp(started) else {
            throw ReportReadError("$.startedAt: '\(started)' is not an ISO 8601 time")
        }
        var report = Report(
            command: command, api: try top.string("api"), target: try top.string("target"), startedAt: startedAt,
            duration: try top.number("durationSeconds"), concurrency: try top.optionalInt("concurrency"),
            strict: try top.bool("strict"))
        if let shard = try top.optionalObject("shard") {
            let index = try shard.int("index"), count = try shard.int("count")
            guard let value = Shard(index: index, count: count) else {
                throw ReportReadError("$.shard: \(index)/\(count) is no shard (1 ≤ index ≤ count)")
            }
            report.shard = value
        }
        report.runID = try top.optionalString("runId")
        report.environment = try top.optionalString("environment")
        if let plan = try top.optionalArray("plan") {
            var ids: [String] = []
            ids.reserveCapacity(plan.count)
            for (index, item) in plan.enumerated() {
                guard let id = item.stringValue else { throw ReportReadError("$.plan[\(index)]: expected String, found \(item.kindName)") }
                ids.append(id)
            }
            report.plan = ids
        }
        let results = try top.array("results")
        report.results.reserveCapacity(results.count)
        for (index, item) in results.enumerated() {
            report.results.append(try result(Reader(item, at: "$.results[\(index)]")))
        }
        for (index, item) in try top.array("runFindings").enumerated() {
            report.runFindings.append(try finding(Reader(item, at: "$.runFindings[\(index)]")))
        }
        return report
    }

    private static func result(_ item: Reader) throws(ReportReadError) -> CheckResult {
        let roleName = try item.string("role")
        guard let role = CheckResult.Role(rawValue: roleName) else {
            throw ReportReadError("\(item.path).role: unknown role '\(roleName)'")
        }
        let name = try item.string("name")
        let chosen = try item.optionalBool("skipChosen") ?? false
        var result = CheckResult(
            name: name, role: role, endpoint: try item.string("endpoint"), method: try item.string("method"),
            path: try item.string("path"), status: try item.optionalInt("status"),
            classification: try item.optionalString("outcome").map(ClassificationSummary.init(name:)),
            skipped: try item.optionalString("skipped").map { SkipReason($0, chosen: chosen) },
            requestPath: try item.optionalString("requestPath"))
        result.readReproduceCommand = try item.optionalString("reproduce")
        result.traceparent = try item.optionalString("traceparent")
        // A probe's name is `probe <kind> <endpoint>` (`CheckResult+Step`): its kind is read back from there.
        if role == .probe {
            let words = name.split(separator: " ")
            result.probe = words.count >= 2 ? AuthProbe(rawValue: String(words[1])) : nil
        }
        // An error check's is `error-check <scenario> <endpoint>`.
        if role == .errorCheck {
            let words = name.split(separator: " ")
            result.scenario = words.count >= 2 ? ScenarioName(String(words[1])) : nil
        }
        if let timings = try item.optionalObject("timings") {
            result.timings = Timings(
                dns: try timings.number("dnsMs") / 1000, connect: try timings.number("connectMs") / 1000,
                tls: try timings.number("tlsMs") / 1000, firstByte: try timings.number("firstByteMs") / 1000,
                total: try timings.number("totalMs") / 1000)
        }
        for (index, finding) in try item.array("findings").enumerated() {
            result.findings.append(try Self.finding(Reader(finding, at: "\(item.path).findings[\(index)]")))
        }
        return result
    }

    private static func finding(_ item: Reader) throws(ReportReadError) -> Finding {
        let kindName = try item.string("kind"), severityName = try item.string("severity"), categoryName = try item.string("category")
        guard let kind = FindingKind(rawValue: kindName) else { throw ReportReadError("\(item.path).kind: unknown kind '\(kindName)'") }
        guard let severity = Finding.Severity(rawValue: severityName) else {
            throw ReportReadError("\(item.path).severity: unknown severity '\(severityName)'")
        }
        guard let category = Finding.Category(rawValue: categoryName) else {
            throw ReportReadError("\(item.path).category: unknown category '\(categoryName)'")
        }
        var finding = Finding(
            kind: kind, severity: severity, category: category, endpoint: try item.optionalString("endpoint"),
            expected: try item.optionalString("expected"), found: try item.optionalString("found"),
            message: try item.string("message"), file: try item.optionalString("file"))
        finding.path = try item.optionalString("path")
        return finding
    }

    /// `JSONReport.timestamp`'s form, with or without milliseconds.
    static func timestamp(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// One object of the document and the JSONPath it sits at, for errors that name the key.
    private struct Reader {
        let value: JSONValue
        let path: String

        init(_ value: JSONValue, at path: String) {
            self.value = value
            self.path = path
        }

        private func member(_ key: String) throws(ReportReadError) -> JSONValue {
            guard case .object = value else { throw ReportReadError("\(path) is not an object") }
            guard let member = value[key] else { throw ReportReadError("\(path).\(key) is missing") }
            return member
        }

        private func wrong(_ key: String, _ expected: String, _ found: JSONValue) -> ReportReadError {
            ReportReadError("\(path).\(key): expected \(expected), found \(found.kindName)")
        }

        func string(_ key: String) throws(ReportReadError) -> String {
            let member = try member(key)
            guard let text = member.stringValue else { throw wrong(key, "String", member) }
            return text
        }

        /// Absent or null: keys added within `apicheck-report/1` are absent from older reports.
        func optionalString(_ key: String) throws(ReportReadError) -> String? {
            guard case .object = value else { throw ReportReadError("\(path) is not an object") }
            guard let member = value[key], !member.isNull else { return nil }
            guard let text = member.stringValue else { throw wrong(key, "String or null", member) }
            return text
        }

        func number(_ key: String) throws(ReportReadError) -> Double {
            let member = try member(key)
            guard let number = member.doubleValue else { throw wrong(key, "a number", member) }
            return number
        }

        func int(_ key: String) throws(ReportReadError) -> Int {
            let member = try member(key)
            guard let number = member.int64Value, let int = Int(exactly: number) else { throw wrong(key, "an integer", member) }
            return int
        }

        func optionalInt(_ key: String) throws(ReportReadError) -> Int? {
            guard case .object = value else { throw ReportReadError("\(path) is not an object") }
            guard let member = value[key], !member.isNull else { return nil }
            return try int(key)
        }

        func bool(_ key: String) throws(ReportReadError) -> Bool {
            let member = try member(key)
            guard case let .bool(value) = member else { throw wrong(key, "Bool", member) }
            return value
        }

        func optionalBool(_ key: String) throws(ReportReadError) -> Bool? {
            guard case .object = value, let member = value[key], !member.isNull else { return nil }
            return try bool(key)
        }

        func array(_ key: String) throws(ReportReadError) -> [JSONValue] {
            let member = try member(key)
            guard case let .array(items) = member else { throw wrong(key, "Array", member) }
            return items
        }

        func optionalArray(_ key: String) throws(ReportReadError) -> [JSONValue]? {
            guard case .object = value, let member = value[key], !member.isNull else { return nil }
            guard case let .array(items) = member else { throw wrong(key, "Array or null", member) }
            return items
        }

        func optionalObject(_ key: String) throws(ReportReadError) -> Reader? {
            guard case .object = value, let member = value[key], !member.isNull else { return nil }
            guard case .object = member else { throw wrong(key, "Object or null", member) }
            return Reader(member, at: "\(path).\(key)")
        }
    }
}
