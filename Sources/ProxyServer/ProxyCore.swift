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
    /// Whether a route is told apart by a body field: only then is a request's body read to
    /// route it (`routesOnWorker`).
    let routesByBody: Bool
    /// `scheme://host:port` of the upstream, made once: every exchange's URL starts with it.
    let upstreamOrigin: String
    /// Links to the upstream's origin in answers' headers, turned to the proxy's.
    let links: UpstreamLinks
    /// A request's `Origin` and `Referer` naming the proxy, turned to the upstream's.
    let origins: OriginHeaders
    let transport: CurlTransport
    let book: FindingBook
    let coverage: ProxyCoverage
    let check: ExchangeCheck
    let basePath: String
    /// Exchanges whose check has finished (or was dropped: see `checks`).
    let checked = Atomic<Int>(0)
    let checks: CheckQueue
    /// The answers no mock covers, with `--record-new`.
    let newShapes: NewShapes?
    /// The credentials the traffic carried, with `keepsCredentials`.
    let credentialsSeen = SeenCredentials()
    /// Verdicts on exchanges seen before; nil when `checkMemoEntries` is 0.
    let memo: CheckMemo?
    /// The lists each client pages through, for the paging checks across pages.
    let pages: ProxyPageStreams
    /// WebSocket upgrades, passed through as tunnels.
    let tunnels: TunnelPump
    /// What the request bodies streamed upstream hold together (`--upload-memory`).
    let uploads: UploadMemory
    /// The secret paths of the endpoints that declare some (`answerSecrets`).
    let secretPaths: [String: [JSONPath]]

    init(api: API, mocks: MockDirectory?, options: ProxyOptions) {
        self.api = api
        self.options = options
        routes = RouteTable(api.endpoints)
        upstreamOrigin = options.upstreamOrigin
        links = UpstreamLinks(origin: upstreamOrigin, endpoints: api.endpoints)
        origins = OriginHeaders(upstream: options.upstream)
        routesByBody = api.endpoints.contains { endpoint in
            if case .bodyField? = endpoint.distinction { true } else { false }
        }
        var upstream = options.upstreamConfiguration
        upstream.passThrough = true
        // A multi handle per loop: each loop's exchanges call the upstream from its own thread.
        upstream.drivers = options.loopCount
        let transport = CurlTransport(configuration: upstream)
        self.transport = transport
        book = FindingBook(limit: options.findingLimit)
        coverage = ProxyCoverage(undeclaredLimit: options.undeclaredLimit)
        check = ExchangeCheck(api: api, mocks: mocks, redactor: api.makeRedactor(), cap: options.upstreamConfiguration.maxBodyBytes)
        basePath = options.basePath
        checks = CheckQueue(budget: options.checkBudget) { H2OLoop.afterTurn($0) || transport.afterTurn($0) }
        newShapes = options.recordNew == nil ? nil : NewShapes()
        pages = ProxyPageStreams(limit: options.pageStreamLimit)
        tunnels = TunnelPump(limits: options.tunnelLimits, upstream: options.upstreamConfiguration)
        uploads = UploadMemory(limit: options.uploadMemory)
        secretPaths = Dictionary(api.endpoints.filter { !$0.secretPaths.isEmpty }.map { ($0.id, $0.secretPaths) }) { first, _ in first }
        memo = options.checkMemoEntries > 0 ? CheckMemo(entryLimit: options.checkMemoEntries, byteLimit: options.checkMemoBytes) : nil
    }

    func handle(_ request: ServerRequest) -> ServerResponse {
        if request.rawPath.hasPrefix("/__apicheck/") { return admin(request) }
        // Only a request the server marked with its address can ask for a tunnel: the others
        // pay no header lookup for it.
        if request.clientAddress != nil {
            if let protocolName = Self.asksForUpgrade(request) { return tunnel(request, protocolName: protocolName) }
            if Self.asksForEvents(request) { return tunnel(request, protocolName: nil) }
        }
        let deferred = DeferredResponse()
        return routed(request, answering: deferred) ?? .deferred(deferred)
    }

    /// Sends the request upstream, its answer to go to `deferred` (and its check to follow); an
    /// answer given at once instead (an upload refused for memory), or nil.
    func forward(_ request: ServerRequest, route: ProxyRoute, answering deferred: DeferredResponse) -> ServerResponse? {
        // A large request body goes upstream as it arrives, with a copy kept for its check,
        // unless the uploads under way hold all the memory they may: then it is answered now,
        // before any of it is read.
        let upload = streamedRequest(request, route: route)
        if let upload, !uploads.reserve(upload.booked) { return uploadRefused(route) }
        // No task per exchange: the upstream's answer is passed back from the transport's own
        // thread, and the check queued from there.
        // A large answer goes to the client as it arrives; a small one is gathered and sent whole.
        let sink = streamedAnswer(deferred, route: route, request: request)
        let completion: @Sendable (Result<HTTPResponse, any Error>) -> Void = { [self, request] result in
            var request = request
            var checksBody = true
            if let upload {
                // Every end of the exchange comes here once: the body sent, the client gone, the
                // upstream failed, the transfer cancelled.
                uploads.release(upload.booked)
                if upload.clientLeft, case .failure = result { return abandoned() }
                checksBody = received(upload, into: &request, route: route, answered: result)
            }
            if let sink, sink.isStreaming { return streamed(result, by: sink, request: request, route: route, checksBody: checksBody) }
            switch result {
            case let .success(response):
                let answer = passedBack(response, to: request)
                // Without --enforce the client has its answer before the check runs: the check
                // adds no latency to it.
                if !options.enforce { deferred.send(answer) }
                judge(
                    request, route: route, outcome: .answered(response, answer), deferred: options.enforce ? deferred : nil,
                    checksBody: checksBody)
            case let .failure(error) where error is CancellationError:
                // The client left first: nothing reached it, and there is nothing to judge.
                coverage.abandoned()
                checked.add(1, ordering: .releasing)
            case let .failure(error):
                coverage.upstreamFailed()
                deferred.send(badGateway(error))
                judge(request, route: route, outcome: .failed(error), deferred: nil, checksBody: checksBody)
            }
        }
        let transfer =
            sink == nil && upload == nil
            ? transport.start(forwarded(request), completion: completion)
            : transport.start(forwarded(request), uploading: upload, streamingTo: sink, completion: completion)
        sink?.attach(transfer)
        // A client that leaves before the upstream answers takes its upstream call with it: an
        // abandoned burst must not fill the upstream side for everyone else.
        deferred.whenAbandoned { transfer.cancel() }
        return nil
    }

    enum UpstreamOutcome: Sendable {
        case answered(HTTPResponse, ServerResponse)
        case failed(any Error)
    }

    /// Checks the exchange on the check queue and records what it finds. `deferred`, under
    /// --enforce, still waits for its answer: the answer as it came, or a violation.
    /// `checksBody` false: the request's body passed the check's cap on its way, and only the
    /// answer is checked.
    /// `route` nil: the request is routed here, on the worker (`routesOnWorker`).
    func judge(
        _ sent: ServerRequest, route known: ProxyRoute?, outcome: UpstreamOutcome, deferred: DeferredResponse?, checksBody: Bool = true
    ) {
        if case .unrouted? = known {
            // Counted behind already, when it could not be routed: its answer is not judged.
            if let deferred, case let .answered(_, answer) = outcome { deferred.send(answer) }
            checked.add(1, ordering: .releasing)
            return
        }
        var bytes = sent.body.count
        if case let .answered(response, _) = outcome { bytes += response.body.count }
        // A compressed request body is the client's to choose: a few KiB that decode to the
        // check's cap (a bomb) are decoded on a worker, never on the loop its client shares.
        if RequestBodyDecoding.isEncoded(sent) { bytes = max(bytes, checks.localLimit + 1) }
        var pagesInOrder = false
        if case let .endpoint(endpoint, _)? = known { pagesInOrder = endpoint.paging != nil }
        let submitted = checks.submit(bytes: bytes, ordered: pagesInOrder) { [self] in
            // A compressed body is read decoded by every check, the memo, the pages and the kept
            // exchange; one that cannot be decoded keeps its coding, and its check says why.
            let request = RequestBodyDecoding.readable(sent, cap: check.cap)
            let route = known ?? ProxyRoute(request, routes: routes, basePath: basePath)
            if known == nil { count(route, of: request) }
            var findings: [Finding] = []
            var answered: HTTPResponse?
            switch route {
            case let .endpoint(endpoint, pathValues):
                if options.keepsCredentials { credentialsSeen.note(credentials(in: request)) }
                switch outcome {
                case let .answered(response, answer):
                    answered = response
                    var paged: PagedRequest?
                    let judged = memoized(request, endpoint: endpoint, response: response, memo: checksBody) {
                        var verdict = check.answer(response, to: endpoint, method: request.method, accept: request.header("accept"))
                        if let success = verdict.success, let finding = links.bodyFinding(in: success.document, of: endpoint) {
                            verdict.findings.append(finding)
                        }
                        if let paging = endpoint.paging, let success = verdict.success {
                            paged = PagedRequest(request, paging: paging)
                            verdict.page = ObservedPage(
                                endpoint: endpoint, document: success.document, query: request.query,
                                body: paged?.bodyFields ?? [], headers: response.headers, url: forwarded(request).url)
                        }
                        // The document is kept only for --record-new's candidates.
                        if let success = verdict.success, newShapes == nil || success.covered { verdict.success = (.null, success.covered) }
                        return CheckMemo.Verdict(
                            requestFindings: options.enforce || !checksBody
                                ? [] : check.request(request, to: endpoint, pathValues: pathValues),
                            answer: verdict)
                    }
                    findings += judged.requestFindings
                    let verdict = judged.answer
                    var answerFindings = verdict.findings
                    // Outside the memo, which knows the answer by its body: the headers are not in its key.
                    if verdict.outcome == "success", (200..<300).contains(response.status),
                        let missing = Finding.missingAnswerHeaders(of: endpoint, in: response.header)
                    {
                        answerFindings.append(missing)
                    }
                    coverage.endpoint(endpoint.id, outcome: verdict.outcome, status: response.status, timings: response.timings)
                    findings += answerFindings
                    if let page = verdict.page, let paging = endpoint.paging {
                        let bodyRest = (paged ?? PagedRequest(request, paging: paging)).bodyRest
                        let broken = pages.read(
                            page, endpoint: endpoint, paging: paging, request: request, bodyRest: bodyRest,
                            credentials: credentials(in: request))
                        for (rule, finding) in broken { record([finding], rule: rule.rawValue, request: request, response: response) }
                    }
                    if let newShapes, let success = verdict.success, !success.covered {
                        newShapes.offer(
                            endpoint, status: response.status, document: success.document, credentials: credentials(in: request))
                    }
                    if let deferred {
                        let errors = answerFindings.filter { $0.severity == .error }
                        deferred.send(errors.isEmpty ? answer : violation(for: endpoint, errors))
                    }
                case let .failed(error):
                    if !options.enforce, checksBody { findings += check.request(request, to: endpoint, pathValues: pathValues) }
                    coverage.endpoint(endpoint.id, outcome: "no answer")
                    findings.append(upstreamFinding(error, endpoint: endpoint))
                }
            case let .undeclared(note):
                if case let .answered(response, answer) = outcome {
                    answered = response
                    deferred?.send(answer)
                }
                if options.undeclaredIsError {
                    findings.append(
                        Finding(
                            kind: .undeclaredRoute, severity: .error, endpoint: nil,
                            message: "\(request.method) \(request.path): no endpoint declares this route"
                                + (note.map { " (\($0))" } ?? "")))
                }
            case .skipped, .preflight, .unrouted:
                if case let .answered(_, answer) = outcome { deferred?.send(answer) }
            }
            record(findings, request: request, response: answered)
            checked.add(1, ordering: .releasing)
        }
        if !submitted {
            if let deferred, case let .answered(_, answer) = outcome { deferred.send(answer) }
            checked.add(1, ordering: .releasing)
        }
    }

    /// The checks' verdict on an answered exchange, from the memo when the same exchange was
    /// judged before.
    private func memoized(
        _ request: ServerRequest, endpoint: AnyEndpoint, response: HTTPResponse, memo usesMemo: Bool,
        _ compute: () -> CheckMemo.Verdict
    ) -> CheckMemo.Verdict {
        // A page whose cursor travels in a header: the memo's key holds no header of the answer.
        // A body left unchecked is not the body the memo's key would hold.
        // Nor is the memo's key the request's Accept: a client asking for text gets its own verdict.
        guard let memo, usesMemo, !endpoint.pagesByHeader, !ExchangeCheck.negotiates(endpoint),
            ExchangeCheck.asksForJSON(request.header("accept"))
        else {
            return compute()
        }
        return memo.verdict(for: CheckMemo.Key(endpoint: endpoint, request: request, response: response), compute: compute)
    }

    func record(_ findings: [Finding], rule: String = "", request: ServerRequest, response: HTTPResponse?) {
        guard !findings.isEmpty else { return }
        let now = Date()
        // A finding may quote what the request sent (a parameter's value): the credentials it
        // carried are masked there too, wherever the client put them, and so are the values the
        // answer holds at its endpoint's secret paths.
        let answer = answerSecrets(of: findings.first?.endpoint, in: response)
        let secrets = credentials(in: request) + (answer?.secrets ?? [])
        let masking = secrets.isEmpty ? nil : Redactor(fieldNames: [], secrets: secrets)
        for var finding in findings {
            if let masking {
                finding.message = masking.redact(finding.message)
                finding.found = finding.found.map { masking.redact($0) }
                finding.expected = finding.expected.map { masking.redact($0) }
            }
            let new = book.add(finding, rule: rule, at: now) { kept(request, response, answer: answer) }
            if let new, let log = options.logText {
                log(DisplayText.escaped(ProxyCore.line(new)) + "\n")
            }
        }
    }

    static func line(_ group: GroupedFinding) -> String {
        let finding = group.finding
        return "\(finding.severity.rawValue) \(finding.endpoint ?? "-") \(finding.kind.rawValue)"
            + (finding.path.map { " \($0)" } ?? "") + ": \(finding.detail)"
    }
}
