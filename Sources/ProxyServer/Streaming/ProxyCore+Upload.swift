import APICheck
import CurlClient
import Foundation
import HTTPServer
import MockServer

/// The end of a request body that went upstream as it arrived: the copy becomes the body the
/// check reads, or, past the check's cap, the exchange's body is counted unchecked.
extension ProxyCore {
    /// The source for a request's streamed body; nil when the server gathered it. Only a
    /// declared route's body is copied: no check reads the others'.
    func streamedRequest(_ request: ServerRequest, route: ProxyRoute) -> StreamedRequest? {
        guard let body = request.bodyStream else { return nil }
        var declared = false
        if case .endpoint = route { declared = true }
        return StreamedRequest(body, copyCap: declared ? check.cap : 0, checks: checks)
    }

    /// Puts the copy into `request` as its body and says whether the check reads it. A body past
    /// the check's cap on a declared route is an info finding, as a large answer is.
    func received(
        _ upload: StreamedRequest, into request: inout ServerRequest, route: ProxyRoute, answered: Result<HTTPResponse, any Error>
    ) -> Bool {
        upload.copy.release()
        request.bodyStream = nil
        if let copy = upload.copy.data {
            request.body = copy
            return true
        }
        if case let .endpoint(endpoint, _) = route, !upload.copy.refused, case .success = answered {
            let finding = Finding(
                kind: .unchecked, severity: .info, endpoint: endpoint.id,
                message:
                    "a request body of \(upload.copy.length) bytes passed through unchecked: past the check's cap of \(upload.copy.cap) bytes"
            )
            record([finding], request: request, response: nil)
        }
        return false
    }

    /// A streamed upload refused because the uploads under way hold `--upload-memory`: a 503 in
    /// the API's error shape, with `Retry-After`, given before any of the body is read (the server
    /// then closes the connection rather than read a large rest). Counted in the coverage as its
    /// route's exchange, and as checked: nothing is left to judge.
    func uploadRefused(_ route: ProxyRoute) -> ServerResponse {
        var extra: [(key: String, value: JSONValue)] = []
        if case let .endpoint(endpoint, _) = route {
            coverage.endpoint(endpoint.id, outcome: "upload refused")
            extra.append(("endpoint", .string(endpoint.id)))
        }
        checked.add(1, ordering: .releasing)
        return ProblemDocument(
            status: 503, title: "Upload memory full",
            detail:
                "apicheck proxy: the uploads under way hold the \(uploads.limit) bytes of --upload-memory; send the body again later",
            extra: extra, headers: [("Retry-After", "1")]
        ).response(in: api.errors)
    }

    /// The client left mid-body: the upstream transfer was aborted, and nothing is judged.
    func abandoned() {
        coverage.abandoned()
        checked.add(1, ordering: .releasing)
    }
}
