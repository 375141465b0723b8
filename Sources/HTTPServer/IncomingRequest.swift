import Foundation

/// One request while libmicrohttpd is still delivering it: created on the first access-handler
/// call (headers known), fed body chunks on the following calls, answered on the final one, and
/// released by the completion notifier. Only the connection's own thread touches it.
final class IncomingRequest {
    var request: ServerRequest
    var answered = false
    /// The body went past `HTTPServer.maxRequestBody`; the answer is 413.
    var tooLarge = false

    init(_ request: ServerRequest) {
        self.request = request
    }
}
