import Foundation

extension LiveCheck {
    /// The paging step: the endpoint's own answer (in `seen` under its id) is the first page, or,
    /// when the cursor travels in a header (not kept across steps) or is a URL (relative to the
    /// page's), or the run's writes came after that answer (`rereads`, `LivePlan.planPaging`), the
    /// step asks for it itself. It then follows the cursor for at most the declared
    /// number of pages, judging each page against the one before, and stops at the first fault: a
    /// broken pager repeats it on every page. The result is the last call's, with every finding.
    /// Left out of the report when the endpoint's own check got no page (that check says why), or
    /// when an answer was replayed: a mock file answers the same page whatever the cursor.
    /// `replayed`: the endpoint's own answer was a mock's, so its size says nothing of the server's.
    func page(
        _ step: LiveStep, token: String?, seen: [String: JSONValue], first: StepOutcome.FirstPage? = nil, replayed: Bool = false,
        rereads: Bool = false
    ) async -> StepOutcome {
        let endpoint = step.endpoint
        guard let paging = endpoint.paging, let path = paging.ids.path else { return StepOutcome() }
        let judge = PagingCheck(endpoint: endpoint.id, paging: paging)
        let values = (try? samples.values(for: endpoint, seen: seen)) ?? [:]
        var outcome = StepOutcome(result: CheckResult(step.action))
        var findings: [Finding] = []
        var current: PageRead
        // Whether `current` came from the server, so its length says how the server cuts pages.
        var served = !replayed
        if rereads, seen[endpoint.id] == nil {
            return StepOutcome()
        } else if !rereads, let first, let document = seen[endpoint.id], let ids = PagingCheck.ids(in: document, at: path) {
            // The endpoint's own answer, with the headers and URL its next page needs.
            current = PageRead(ids: ids, document: document, headers: first.headers, values: values, url: first.url)
        } else if rereads || paging.cursor.asksForFirstPage {
            let fetched: Fetched
            (outcome, fetched) = await fetch(step, values, at: nil, token: token, path: path)
            switch fetched {
            case let .read(page):
                current = page
                served = true
            case .replayed:
                // A mock's first page walks on from the own answer, as over a server: both tiers
                // send the same requests, and the next page's replay leaves the step unreported.
                guard rereads, let document = seen[endpoint.id], let ids = PagingCheck.ids(in: document, at: path) else {
                    return outcome.withoutResult
                }
                current = PageRead(ids: ids, document: document, headers: nil, values: values, url: nil)
                served = false
            case let .failed(finding):
                outcome.result?.findings.append(finding)
                return outcome
            }
        } else {
            guard let document = seen[endpoint.id] else { return StepOutcome() }
            guard let ids = PagingCheck.ids(in: document, at: path) else {
                outcome.result?.findings.append(
                    judge.finding(
                        expected: "a number or string id per item", found: "no such array of ids in the first page",
                        message: "the first page has no ids at \(paging.ids), where the paging declaration reads them"))
                return outcome
            }
            current = PageRead(ids: ids, document: document, headers: nil, values: values, url: nil)
        }
        var earlier: Set<PageID> = []
        var read = 1, items = current.ids.count
        // Said once: a server that ignores the size ignores it on every page.
        var oversized = served ? judge.longerThanAsked(current.ids, values: current.values, url: current.url) : nil
        walk: while true {
            // The last page allowed is not followed, but a fault it shows needs no request: an
            // empty page that still gives a token is found whatever the limit, and a list that must
            // end and still asks for more has not, however new its items.
            if read >= paging.maxPages {
                switch paging.next(after: current, of: endpoint) {
                case let .fault(expected, found, message):
                    findings.append(judge.finding(expected: expected, found: found, message: message, at: paging.cursor.bodyPath))
                case let .ask(_, cursor) where paging.mustEnd:
                    findings.append(judge.neverEnded(items: items, next: cursor))
                case let .follow(url) where paging.mustEnd:
                    findings.append(judge.neverEnded(items: items, next: Paging.shown(url)))
                case .end, .ask, .follow:
                    break
                }
                break
            }
            let request: (values: [String: ParameterValue], url: URL?, cursor: String)
            switch paging.next(after: current, of: endpoint) {
            case .end:
                break walk
            case let .fault(expected, found, message):
                findings.append(judge.finding(expected: expected, found: found, message: message, at: paging.cursor.bodyPath))
                break walk
            case let .ask(values, shown):
                request = (values, nil, shown)
            case let .follow(url):
                request = (current.values, url, paging.cursor.kindName)
            }
            // The step's outcome carries its last answer; the observers get each earlier one now.
            if let exchange = outcome.exchange { observer.received(exchange) }
            // Only the ids of this page are judged from here on: its answer and document are let go
            // before the next page is read, so a big list holds one page at a time, not two (and
            // `live` runs on one allocator arena, so the next page reuses what this one freed).
            outcome.exchange = nil
            current.document = .null
            current.headers = nil
            let fetched: Fetched
            (outcome, fetched) = await fetch(step, request.values, at: request.url, token: token, path: path)
            let next: PageRead
            switch fetched {
            case let .read(page): next = page
            case .replayed: return outcome.withoutResult
            case let .failed(finding):
                if paging.endsOnRefusal(status: outcome.result?.status) {
                    findings.append(
                        judge.refusedAsEnd(status: outcome.result?.status ?? 0, cursor: request.cursor, after: current.ids.count))
                } else {
                    findings.append(finding)
                }
                break walk
            }
            read += 1
            items += next.ids.count
            oversized = oversized ?? judge.longerThanAsked(next.ids, values: next.values, url: next.url)
            let found = judge.findings(first: current.ids, next: next.ids, earlier: earlier, cursor: request.cursor)
            findings += found
            if !found.isEmpty { break }
            earlier.formUnion(current.ids)
            current = next
        }
        outcome.result?.findings += findings + [oversized].compactMap { $0 }
        return outcome
    }

    private enum Fetched {
        case read(PageRead)
        /// A mock file answered: it is the same page whatever the cursor, nothing to judge.
        case replayed
        /// No page; the finding says why.
        case failed(Finding)
    }

    /// Asks for one page and reads its ids. The outcome is the call's: once the walk is over, the
    /// result shows the last page's request and answer.
    private func fetch(
        _ step: LiveStep, _ values: [String: ParameterValue], at url: URL?, token: String?,
        path: JSONPath
    ) async -> (StepOutcome, Fetched) {
        var (outcome, call) = await self.call(step, values, token: token, at: url)
        if call.exchange?.response.isReplayed == true { return (outcome, .replayed) }
        // A page that parsed is judged even when its payload failed to decode: the endpoint's own
        // check reports the decoding, this step the paging.
        let answer = call.classification.flatMap { if case .success = $0 { call.interpretation?.document } else { nil } }
        if let answer, let exchange = call.exchange, let ids = PagingCheck.ids(in: answer, at: path) {
            outcome.succeeded = call.error == nil
            return (
                outcome,
                .read(
                    PageRead(
                        ids: ids, document: answer, headers: exchange.response.headers, values: values,
                        url: exchange.request.url))
            )
        }
        if let error = call.error { return (outcome, .failed(Finding(error))) }
        return (
            outcome,
            .failed(
                Finding(
                    kind: .paging, severity: .error, endpoint: step.endpoint.id, path: path,
                    expected: "a number or string id per item", found: "no such array of ids in the page",
                    message: "a page has no ids at \(path)"))
        )
    }
}

extension StepOutcome {
    /// A replayed page reports nothing, but its answer still reaches the observers.
    fileprivate var withoutResult: StepOutcome {
        var outcome = self
        outcome.result = nil
        return outcome
    }
}
