import APICheck
import CurlClient
import Foundation
import HTTPServer
import MockServer
import Synchronization

/// What every exchange through the proxy goes through: routed, forwarded, passed back, checked.
final class ProxyCore: Sendable {
    let api: API
    let options: ProxyOptions
    let routes: RouteTable
    let transport: CurlTransport
    let book: FindingBook
    let coverage: ProxyCoverage
    let check: ExchangeCheck
    let basePath: String
    /// Exchanges whose check has finished.
    let checked = Atomic<Int>(0)

    init(api: API, mocks: MockDirectory?, options: ProxyOptions) {
        self.api = api
        self.options = options
        routes = RouteTable(api.endpoints)
        var upstream = options.upstreamConfiguration
        upstream.passThrough = true
        transport = CurlTransport(configuration: upstream)
        book = FindingBook(limit: options.findingLimit)
        coverage = ProxyCoverage(undeclaredLimit: options.undeclaredLimit)
        check = ExchangeCheck(api: api, mocks: mocks, redactor: api.makeRedactor(), cap: options.upstreamConfiguration.maxBodyBytes)
        basePath = options.basePath
    }

    func handle(_ request: ServerRequest) -> ServerResponse {
        if request.rawPath.hasPrefix("/__apicheck/") { return admin(request) }
        let route = ProxyRoute(request, routes: routes, basePath: basePath)
        var requestFindings: [Finding] = []
        switch route {
        case let .endpoint(endpoint, pathValues):
            requestFindings = check.request(request, to: endpoint, pathValues: pathValues)
            if options.enforce, !requestFindings.isEmpty {
                record(requestFindings, request: request, response: nil)
                coverage.endpoint(endpoint.id, outcome: "refused")
                checked.add(1, ordering: .releasing)
                return refusal(for: endpoint, requestFindings)
            }
        case let .undeclared(note):
            coverage.undeclared("\(request.method) \(request.path)")
            if options.undeclaredIsError {
                requestFindings = [Finding(kind: .undeclaredRoute, severity: .error, endpoint: nil,
                                           message: "\(request.method) \(request.path): no endpoint declares this route" + (note.map { " (\($0))" } ?? ""))]
            }
        case .skipped:
            coverage.skipped()
        }
        let deferred = DeferredResponse()
        let outgoing = forwarded(request)
        Task {
            let response: HTTPResponse
            do {
                response = try await transport.send(outgoing)
            } catch {
                coverage.upstreamFailed()
                deferred.send(badGateway(error))
                if case let .endpoint(endpoint, _) = route {
                    record(requestFindings + [upstreamFinding(error, endpoint: endpoint)], request: request, response: nil)
                }
                checked.add(1, ordering: .releasing)
                return
            }
            let answer = passedBack(response)
            guard case let .endpoint(endpoint, _) = route else {
                deferred.send(answer)
                record(requestFindings, request: request, response: response)
                checked.add(1, ordering: .releasing)
                return
            }
            // Without --enforce the client has its answer before the check runs: the check adds
            // no latency to it.
            if !options.enforce { deferred.send(answer) }
            let (outcome, findings) = check.answer(response, to: endpoint, method: request.method)
            coverage.endpoint(endpoint.id, outcome: outcome)
            if options.enforce {
                let errors = findings.filter { $0.severity == .error }
                deferred.send(errors.isEmpty ? answer : violation(for: endpoint, errors))
            }
            record(requestFindings + findings, request: request, response: response)
            checked.add(1, ordering: .releasing)
        }
        return .deferred(deferred)
    }

    private func record(_ findings: [Finding], request: ServerRequest, response: HTTPResponse?) {
        guard !findings.isEmpty else { return }
        let now = Date()
        for finding in findings {
            let new = book.add(finding, at: now) { kept(request, response) }
            if let new, let log = options.logText {
                log(DisplayText.escaped(ProxyCore.line(new)) + "\n")
            }
        }
    }

    static func line(_ group: GroupedFinding) -> String {
        let finding = group.finding
        return "\(finding.severity.rawValue) \(finding.endpoint ?? "-") \(finding.kind.rawValue)"
            + (finding.path.map { " \($0)" } ?? "") + ": \(finding.message)"
    }
}
