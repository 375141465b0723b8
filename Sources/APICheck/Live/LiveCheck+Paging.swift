import Foundation

extension LiveCheck {
    /// The name a paging step's result carries in reports.
    static func pagingName(_ endpoint: AnyEndpoint) -> String { "paging \(endpoint.id)" }

    /// The paging step: the endpoint's own answer (in `seen` under its id) is the first page, or,
    /// when the cursor travels in a header (not kept across steps) or is a URL (relative to the
    /// page's), the step asks for it itself.
    /// It then follows the cursor for at most the declared number of pages, judging each page
    /// against the one before, and stops at the first fault: a broken pager repeats it on every
    /// page. Left out of the report when the endpoint's own check got no page: that check says why.
    func page(_ endpoint: AnyEndpoint, token: String?, seen: [String: JSONValue]) async -> StepOutcome {
        guard let paging = endpoint.paging, let path = JSONPath(parsing: paging.ids) else { return .skipped(nil) }
        var result = CheckResult(name: Self.pagingName(endpoint), role: .paging, endpoint: endpoint.id,
                                 method: endpoint.method.rawValue, path: endpoint.path)
        var outcome = StepOutcome()
        let judge = PagingCheck(endpoint: endpoint.id, paging: paging)
        let values = (try? samples.values(for: endpoint, seen: seen)) ?? [:]
        var current: PageRead
        if paging.cursor.asksForFirstPage {
            switch await fetch(endpoint, values, at: nil, token: token, path: path, into: &result, &outcome) {
            case let .read(page): current = page
            case .mock: return .skipped(nil)
            case .failed: outcome.result = result; return outcome
            }
        } else {
            guard let document = seen[endpoint.id] else { return .skipped(nil) }
            guard let ids = PagingCheck.ids(in: document, at: path) else {
                result.findings.append(judge.finding(expected: "a number or string id per item", found: "no such array of ids in the first page",
                                                     message: "the first page has no ids at \(paging.ids), where the paging declaration reads them"))
                outcome.result = result
                return outcome
            }
            current = PageRead(ids: ids, document: document, headers: nil, values: values, url: nil)
        }
        var earlier: Set<PageID> = []
        var read = 1
        walk: while true {
            // The last page allowed is not followed, but a fault it shows needs no request: an
            // empty page that still gives a token is found whatever the limit.
            if read >= paging.maxPages {
                if case let .fault(expected, found, message) = paging.next(after: current, of: endpoint) {
                    result.findings.append(judge.finding(expected: expected, found: found, message: message, at: paging.cursor.bodyPath))
                }
                break
            }
            let next: PageRead
            let cursor: String
            switch paging.next(after: current, of: endpoint) {
            case .end:
                break walk
            case let .fault(expected, found, message):
                result.findings.append(judge.finding(expected: expected, found: found, message: message, at: paging.cursor.bodyPath))
                break walk
            case let .ask(values, shown):
                cursor = shown
                switch await fetch(endpoint, values, at: nil, token: token, path: path, into: &result, &outcome) {
                case let .read(page): next = page
                case .mock: return .skipped(nil)
                case .failed: break walk
                }
            case let .follow(url):
                cursor = paging.cursor.kindName
                switch await fetch(endpoint, current.values, at: url, token: token, path: path, into: &result, &outcome) {
                case let .read(page): next = page
                case .mock: return .skipped(nil)
                case .failed: break walk
                }
            }
            read += 1
            let found = judge.findings(first: current.ids, next: next.ids, earlier: earlier, cursor: cursor)
            result.findings += found
            if !found.isEmpty { break }
            earlier.formUnion(current.ids)
            current = next
        }
        outcome.result = result
        return outcome
    }

    private enum Fetched {
        case read(PageRead)
        /// A mock file answered: it is the same page whatever the cursor, nothing to judge.
        case mock
        /// No page: the result holds the finding.
        case failed
    }

    /// Asks for one page and reads its ids; the result takes the request and answer (the last
    /// page's, once the walk is over) and any finding.
    private func fetch(_ endpoint: AnyEndpoint, _ values: [String: ParameterValue], at url: URL?, token: String?, path: JSONPath,
                       into result: inout CheckResult, _ outcome: inout StepOutcome) async -> Fetched {
        let call = await client.call(endpoint, values, token: token.map(TokenChoice.explicit) ?? TokenChoice.withoutToken, at: url)
        // A mock file answers the same page whatever the cursor (a transport that wraps the mock
        // one, or a mixed one): nothing to judge.
        if call.exchange?.response.source != nil { return .mock }
        if let exchange = call.exchange {
            outcome.answered = true
            result.status = exchange.response.status
            result.timings = exchange.response.timings
            result.requestPath = displayPath(exchange.request.url)
            result.request = sent(exchange, endpoint, values, tokenVariable: "TOKEN")
        }
        result.outcome = call.classification?.name
        // A page that parsed is judged even when its payload failed to decode: the endpoint's own
        // check reports the decoding, this step the paging.
        let answer = call.classification.flatMap { if case .success = $0 { call.interpretation?.document } else { nil } }
        if let answer, let exchange = call.exchange, let ids = PagingCheck.ids(in: answer, at: path) {
            outcome.succeeded = call.error == nil
            return .read(PageRead(ids: ids, document: answer, headers: exchange.response.headers, values: values, url: exchange.request.url))
        }
        if let error = call.error {
            if case let .transport(failure) = error.reason, failure.kind == .timeout { outcome.timedOut = true }
            result.findings.append(Finding(error))
        } else {
            result.findings.append(Finding(kind: .paging, severity: .error, endpoint: endpoint.id, path: path,
                                           expected: "a number or string id per item", found: "no such array of ids in the page",
                                           message: "a page has no ids at \(path)"))
        }
        return .failed
    }
}
