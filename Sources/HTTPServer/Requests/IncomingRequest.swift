import Foundation

/// One request while libmicrohttpd is still delivering it: created on the first access-handler
/// call (headers known), fed body chunks on the following calls, answered on the final one, and
/// released by the completion notifier. Only the connection's own thread touches it.
final class IncomingRequest {
    /// Why the body is being read and dropped instead of kept.
    enum Refusal {
        /// Past `maxRequestBody`: 413.
        case tooLarge
        /// Past the budget for bodies in flight: 503.
        case overBudget
    }

    var request: ServerRequest
    var answered = false
    var refusal: Refusal?
    /// Bytes booked against the server's `RequestBodyBudget`, given back on completion.
    var booked = 0
    /// An answer waiting for its suspended connection to be resumed (a delay in a pool server).
    var pending: ServerResponse?
    /// The key of the suspension `pending` waits out, to learn whether the client left meanwhile.
    var suspension: UInt?
    /// An answer the handler gives later; the connection is suspended until it comes.
    var deferred: DeferredResponse?
    /// A 101 answer's handler, told when the connection ends before the 101 goes out.
    var upgrade: UpgradeHandoff?
    /// A body streamed to the handler while it arrives; the handler has been called.
    var upload: UploadInProgress?
    /// The answer the server's `LineShortcut` gave: no request was built, and none is handled.
    var shortcut: PreparedResponse?

    init(_ request: ServerRequest) {
        self.request = request
    }

    init(shortcut: PreparedResponse) {
        request = ServerRequest(method: "", path: "")
        self.shortcut = shortcut
    }

    /// The request, moved out for the handler (its one reader from here on): taking a copy would
    /// retain and release each of its strings and arrays once more per request.
    func takeRequest() -> ServerRequest {
        var taken = ServerRequest(method: "", path: "")
        swap(&taken, &request)
        return taken
    }
}
