import APICheck
import CurlClient
import Foundation
import HTTPServer

/// The end of an answer that went to the client as it arrived: the stream closed, the copy
/// checked as a gathered answer is, or counted unchecked when it was too large to keep.
extension ProxyCore {
    /// The sink for an exchange's answer; nil under `--enforce`, whose answer waits for its check.
    /// Only a declared route's answer is copied: no check reads the others' bodies.
    func streamedAnswer(_ deferred: DeferredResponse, route: ProxyRoute, request: ServerRequest) -> StreamedAnswer? {
        guard !options.enforce, options.streamThreshold > 0 else { return nil }
        var declared = false
        if case .endpoint = route { declared = true }
        let links = links
        return StreamedAnswer(
            threshold: min(options.streamThreshold, options.upstreamConfiguration.maxBodyBytes), copyCap: declared ? check.cap : 0,
            deferred: deferred, checks: checks,
            headersOut: { headers in
                links.rewritten(Self.endToEnd(headers)) { self.clientOrigin(of: request) }
            })
    }

    func streamed(
        _ result: Result<HTTPResponse, any Error>, by sink: StreamedAnswer, request: ServerRequest, route: ProxyRoute, checksBody: Bool
    ) {
        sink.copy.release()
        switch result {
        case var .success(response):
            sink.stream?.finish()
            if sink.copy.refused {
                // Counted with the exchanges the checks fell behind on (`uncheckedBehind`).
                checked.add(1, ordering: .releasing)
                return
            }
            if case .endpoint = route, sink.copy.data == nil {
                return passedUnchecked(request, route: route, response: response, length: sink.copy.length)
            }
            response.body = sink.copy.data ?? Data()
            judge(request, route: route, outcome: .answered(response, ServerResponse()), deferred: nil, checksBody: checksBody)
        case let .failure(error):
            // The head is out: the client can only see the body cut off.
            sink.stream?.finish(broken: true)
            if error is CancellationError {
                coverage.abandoned()
                checked.add(1, ordering: .releasing)
                return
            }
            coverage.upstreamFailed()
            judge(request, route: route, outcome: .failed(error), deferred: nil, checksBody: checksBody)
        }
    }

    /// A declared route's answer too large for the check's copy: counted, and noted once per endpoint.
    func passedUnchecked(_ request: ServerRequest, route: ProxyRoute, response: HTTPResponse, length: Int) {
        if case let .endpoint(endpoint, _) = route {
            coverage.endpoint(endpoint.id, outcome: "unchecked", status: response.status, timings: response.timings)
            let finding = Finding(
                kind: .unchecked, severity: .info, endpoint: endpoint.id,
                message: "an answer of \(length) bytes passed through unchecked: past the check's cap of \(check.cap) bytes")
            record([finding], request: request, response: nil)
        }
        checked.add(1, ordering: .releasing)
    }
}
