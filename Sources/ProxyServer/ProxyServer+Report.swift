import APICheck
import Foundation

extension ProxyServer {
    /// The run so far as a `Report`, for every format the tool writes: one result per declared
    /// endpoint the traffic reached, its findings grouped with their counts; the routes no
    /// endpoint declares and the endpoints never reached as run findings.
    public func report(startedAt: Date, strict: Bool = false) -> Report {
        let (groups, dropped) = core.book.snapshot
        let coverage = core.coverage.snapshot
        var byEndpoint: [String: [Finding]] = [:]
        var runFindings: [Finding] = []
        for group in groups {
            let finding = Self.counted(group)
            if let endpoint = finding.endpoint, api.endpoint(endpoint) != nil {
                byEndpoint[endpoint, default: []].append(finding)
            } else {
                runFindings.append(finding)
            }
        }
        var results: [CheckResult] = []
        var unreached: [String] = []
        for endpoint in api.endpoints {
            guard let count = coverage.endpoints[endpoint.id] else {
                if byEndpoint[endpoint.id] == nil { unreached.append(endpoint.id) }
                continue
            }
            let outcomes = count.outcomes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            results.append(
                CheckResult(
                    name: endpoint.id, role: .endpoint, endpoint: endpoint.id, method: endpoint.method.rawValue,
                    path: endpoint.path, classification: .text("\(Report.plural(count.exchanges, "exchange")): \(outcomes)"),
                    findings: byEndpoint[endpoint.id] ?? []))
        }
        if dropped > 0 {
            runFindings.append(
                Finding(
                    kind: .coverage, severity: .warning, endpoint: nil,
                    message:
                        "\(Report.plural(dropped, "finding")) not kept: the proxy keeps \(options.findingLimit) distinct ones (--max-findings)"
                ))
        }
        if core.checks.droppedCount > 0 {
            runFindings.append(
                Finding(
                    kind: .unchecked, severity: .warning, endpoint: nil,
                    message: "\(Report.plural(core.checks.droppedCount, "exchange")) passed on unchecked: the checks had fallen "
                        + "\(options.checkBudget) bytes of bodies behind the traffic (--check-memory)"))
        }
        if core.uploads.refusedCount > 0 {
            runFindings.append(
                Finding(
                    kind: .unchecked, severity: .warning, endpoint: nil,
                    message:
                        "\(Report.plural(core.uploads.refusedCount, "streamed upload")) answered 503, not passed on: the uploads under way "
                        + "held the \(options.uploadMemory) bytes of --upload-memory"))
        }
        let tunnels = core.tunnels.counts
        if tunnels.opened + tunnels.refused > 0 {
            runFindings.append(
                Finding(
                    kind: .coverage, severity: .info, endpoint: nil,
                    message:
                        "\(Report.plural(tunnels.opened - tunnels.eventStreams, "WebSocket tunnel")) and "
                        + "\(Report.plural(tunnels.eventStreams, "event stream")) passed through unchecked"
                        + (tunnels.refused > 0 ? ", \(tunnels.refused) refused at the tunnel caps" : "")
                        + (tunnels.idleClosed > 0 ? ", \(tunnels.idleClosed) closed idle" : "")
                        + (tunnels.failed > 0 ? ", \(tunnels.failed) found no upstream" : "")))
        }
        if coverage.preflights > 0 {
            runFindings.append(
                Finding(
                    kind: .coverage, severity: .info, endpoint: nil,
                    message: "\(Report.plural(coverage.preflights, "CORS preflight")) (OPTIONS) of declared calls passed through unchecked")
            )
        }
        if !unreached.isEmpty {
            let shown = unreached.prefix(50).joined(separator: ", ") + (unreached.count > 50 ? " and \(unreached.count - 50) more" : "")
            runFindings.append(
                Finding(
                    kind: .coverage, severity: .info, endpoint: nil,
                    message: "\(unreached.count) of \(api.endpoints.count) declared endpoints never reached: \(shown)"))
        }
        if !coverage.undeclared.isEmpty {
            let shown = coverage.undeclared.prefix(20).map { "\($0.route) (\($0.count))" }.joined(separator: ", ")
            let more = coverage.undeclared.count + coverage.undeclaredDropped - min(20, coverage.undeclared.count)
            runFindings.append(
                Finding(
                    kind: .coverage, severity: .info, endpoint: nil,
                    message:
                        "\(Report.plural(coverage.undeclared.count + coverage.undeclaredDropped, "route")) no endpoint declares: \(shown)"
                        + (more > 0 ? " and \(more) more" : "")))
        }
        var report = Report(
            command: .proxy, api: api.name, target: Redactor.withoutQuery(options.upstream), startedAt: startedAt,
            duration: Date().timeIntervalSince(startedAt), strict: strict, results: results, runFindings: runFindings)
        report.runID = options.runID
        return report
    }

    /// A group as one finding: its count and times, and its first exchange, in the message.
    static func counted(_ group: GroupedFinding) -> Finding {
        var finding = group.finding
        var tail = " (\(group.count)×, first \(GroupedFinding.time(group.firstSeen)), last \(GroupedFinding.time(group.lastSeen))"
        if let exchange = group.exchange {
            tail += "; first exchange: \(exchange.method) \(exchange.path)" + (exchange.status.map { " → HTTP \($0)" } ?? " → no answer")
            if let body = exchange.responseBody { tail += " " + String(body.prefix(200)) }
        }
        finding.message += tail + ")"
        return finding
    }
}
