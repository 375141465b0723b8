import APICheck
import Foundation
import HTTPServer
import Synchronization

/// The checks' verdicts on exchanges seen before, keyed by everything the checks read: the
/// endpoint, the request as the checks read it (method, path and query as sent, the headers the
/// endpoint declares, the content type and coding, the body) and the answer's status, content
/// type, coding and exact bytes. The same inputs give the same findings, so a hit is counted in
/// the findings and the coverage exactly as a check would have been; only the parsing and
/// decoding are saved.
///
/// Bounded by entries and by the bytes its keys hold. An exchange is kept only when it is seen a
/// second time (its key's hash remembered after the first): traffic whose answers never repeat
/// (an id or a time in every one) costs a hash per exchange, not a memo churning through copies.
package final class CheckMemo: Sendable {
    package struct Key: Hashable, Sendable {
        let endpoint: String
        let status: Int
        // The request's parts as sent, each its own field: joined, they would be a new string
        // (an allocation) on every exchange, hit or miss.
        let method: String
        let rawPath: String
        let rawQuery: String?
        /// The query's pairs when no raw query was kept, NUL-separated; else empty.
        let queryPairs: String
        /// The headers the endpoint declares (its cookies are in `Cookie`) and the body's type
        /// and coding, as `name:value` after a NUL each; empty for most requests.
        let requestFields: String
        let requestBody: Data
        /// The answer's content type and content coding.
        let contentType: String?
        let contentEncoding: String?
        let answerBody: Data
        private let digest: Int

        package init(endpoint: AnyEndpoint, request: ServerRequest, response: HTTPResponse) {
            self.endpoint = endpoint.id
            status = response.status
            method = request.method
            rawPath = request.rawPath
            rawQuery = request.rawQuery
            var pairs = ""
            if request.rawQuery == nil {
                for item in request.query { pairs += item.name + "\u{1}" + item.value + "\u{2}" }
            }
            queryPairs = pairs
            // Compared in place, since a list of the declared names made here would be
            // allocations on every exchange.
            let declaresHeaders = endpoint.parameters.contains { $0.location == .header || $0.location == .cookie }
            var fields = ""
            for header in request.headers
            where HeaderName.same(header.name, "content-type") || HeaderName.same(header.name, "content-encoding")
                || declaresHeaders
                    && endpoint.parameters.contains(where: {
                        $0.location == .header && HeaderName.same(header.name, $0.name)
                            || $0.location == .cookie && HeaderName.same(header.name, "cookie")
                    })
            {
                fields += "\u{0}" + header.name.lowercased() + ":" + header.value
            }
            requestFields = fields
            requestBody = request.body
            // One pass over the answer's headers for both, the last of each as `header` reads it.
            var contentType: String?, contentEncoding: String?
            for header in response.headers {
                if HeaderName.same(header.name, "content-type") {
                    contentType = header.value
                } else if HeaderName.same(header.name, "content-encoding") {
                    contentEncoding = header.value
                }
            }
            self.contentType = contentType
            self.contentEncoding = contentEncoding
            answerBody = response.body
            var hasher = Hasher()
            hasher.combine(self.endpoint)
            hasher.combine(status)
            hasher.combine(method)
            hasher.combine(rawPath)
            hasher.combine(rawQuery)
            hasher.combine(queryPairs)
            hasher.combine(requestFields)
            hasher.combine(contentType)
            hasher.combine(contentEncoding)
            // Every byte: Data's own hash reads only the first 80, which every answer of one
            // envelope shares.
            hasher.combine(BodyDigest.of(requestBody))
            hasher.combine(BodyDigest.of(answerBody))
            digest = hasher.finalize()
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.status == rhs.status && lhs.endpoint == rhs.endpoint && lhs.method == rhs.method
                && lhs.rawPath == rhs.rawPath && lhs.rawQuery == rhs.rawQuery && lhs.queryPairs == rhs.queryPairs
                && lhs.requestFields == rhs.requestFields && lhs.contentType == rhs.contentType
                && lhs.contentEncoding == rhs.contentEncoding && lhs.requestBody == rhs.requestBody && lhs.answerBody == rhs.answerBody
        }

        /// Bytes the key holds, roughly.
        var cost: Int {
            method.utf8.count + rawPath.utf8.count + (rawQuery?.utf8.count ?? 0) + queryPairs.utf8.count + requestFields.utf8.count
                + requestBody.count + (contentType?.utf8.count ?? 0) + (contentEncoding?.utf8.count ?? 0) + answerBody.count + 64
        }

        var seenHash: Int { digest }
    }

    /// What the checks said of one exchange: the request's findings (none under --enforce, which
    /// judges the request before forwarding it) and the answer's verdict.
    package struct Verdict: Sendable {
        package var requestFindings: [Finding]
        package var answer: ExchangeCheck.AnswerVerdict
        /// What keeping it costs, set when it is kept.
        var cost = 0

        package init(requestFindings: [Finding], answer: ExchangeCheck.AnswerVerdict) {
            self.requestFindings = requestFindings
            self.answer = answer
        }
    }

    private struct State {
        var entries: [Key: Verdict] = [:]
        var bytes = 0
        /// Hashes of keys seen once and not kept yet.
        var seen: Set<Int> = []
        var hits = 0
    }

    private let state = Mutex(State())
    let entryLimit: Int
    let byteLimit: Int

    package init(entryLimit: Int, byteLimit: Int) {
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
    }

    /// The verdict kept for `key`, or `compute`'s, kept when the key is seen a second time.
    package func verdict(for key: Key, compute: () -> Verdict) -> Verdict {
        if let kept = state.withLock({ state -> Verdict? in
            guard let kept = state.entries[key] else { return nil }
            state.hits += 1
            return kept
        }) {
            return kept
        }
        let verdict = compute()
        // A document kept for --record-new weighs several times its bytes.
        let cost = key.cost + (verdict.answer.success.map { $0.document == .null ? 0 : key.answerBody.count * 4 } ?? 0)
        // One key must not push out the rest.
        guard cost <= byteLimit / 8 else { return verdict }
        state.withLock { state in
            guard state.seen.remove(key.seenHash) != nil else {
                if state.seen.count >= entryLimit * 4 { state.seen.removeAll(keepingCapacity: true) }
                state.seen.insert(key.seenHash)
                return
            }
            while state.bytes + cost > byteLimit || state.entries.count >= entryLimit, let first = state.entries.first {
                state.entries.remove(at: state.entries.startIndex)
                state.bytes -= first.value.cost
            }
            var kept = verdict
            kept.cost = cost
            if state.entries.updateValue(kept, forKey: key) == nil { state.bytes += cost }
        }
        return verdict
    }

    /// Exchanges whose verdict came from the memo.
    package var hits: Int { state.withLock { $0.hits } }
}
