/// A request body streamed to its handler (`RequestBodyStream`) while the client still sends it:
/// the answer the handler gave at once, kept until the body has ended, and the suspension that
/// holds the client back while the stream is full. Only the connection's own thread touches it.
final class UploadInProgress {
    let stream: RequestBodyStream
    let response: ServerResponse
    var suspension: UInt?
    /// Body bytes libmicrohttpd handed over so far, taken or dropped.
    var received = 0
    /// Body bytes dropped since the answer came.
    var dropped = 0

    init(stream: RequestBodyStream, response: ServerResponse) {
        self.stream = stream
        self.response = response
    }

    /// The answer is known before the body ended (the handler answered at once, or its later
    /// answer came early, as an upstream's 413 does): what is left of the body is read and
    /// dropped while it is small, else the connection closes (`HTTPServer.drop`).
    var answeredEarly: Bool { response.deferred.map(\.isSent) ?? true }

    /// The answer, when it is known and needs no more turns of the server (no delay, no upgrade).
    var plainAnswer: ServerResponse? {
        let answer = response.deferred == nil ? response : response.deferred?.response
        guard let answer, answer.deferred == nil, answer.upgrade == nil, answer.delay <= 0 else { return nil }
        return answer
    }
}
