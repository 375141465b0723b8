/// A request body streamed to its handler (`RequestBodyStream`) while the client still sends it:
/// the answer the handler gave at once, kept until the body has ended, and the suspension that
/// holds the client back while the stream is full. Only the connection's own thread touches it.
final class UploadInProgress {
    let stream: RequestBodyStream
    let response: ServerResponse
    var suspension: UInt?

    init(stream: RequestBodyStream, response: ServerResponse) {
        self.stream = stream
        self.response = response
    }

    /// The answer is known before the body ended (the handler answered at once, or its later
    /// answer came early, as an upstream's 413 does): what is left of the body is read and dropped.
    var answeredEarly: Bool { response.deferred.map(\.isSent) ?? true }
}
