internal import CMicroHTTPD
import Foundation

/// Request bodies past `HTTPServerConfiguration.streamsRequestBodiesPast` (a pool server only):
/// the handler is called as soon as the body passes the threshold, with the body to read as it
/// arrives (`ServerRequest.bodyStream`), and its answer is sent once the body has ended.
///
/// An answer given before the body ended cannot be queued mid-body: libmicrohttpd 0.9.75 refuses
/// `MHD_queue_response` between the headers and the body's end. So an answer the handler gives at
/// once goes out before any of a large body is read (libmicrohttpd then closes the connection
/// instead of reading on), a later one waits for the end of a small remainder (`drainLimit`),
/// and past that the connection closes: a client is never read a large body only to drop it.
extension HTTPServer {
    /// What a streamed body holds before the client is held back.
    public static let uploadCapacity = 64 << 10

    /// Calls the handler with the body still to come: `gathered` is what arrived before it
    /// passed the threshold, `length` what the client announced (nil for a chunked body).
    static func startUpload(_ incoming: IncomingRequest, gathered: [UInt8], length: Int?, context: HandlerContext) {
        var request = incoming.takeRequest()
        request.body = Data()
        let stream = RequestBodyStream(capacity: uploadCapacity, length: length, gathered: gathered, suspended: context.suspended)
        request.bodyStream = stream
        let upload = UploadInProgress(stream: stream, response: context.handler(request))
        upload.received = gathered.count
        incoming.upload = upload
    }

    /// On the call with the headers only, the one call libmicrohttpd takes an answer on before
    /// the body: a handler that answered at once a body too large to drain has its answer sent
    /// now, and libmicrohttpd closes the connection after it instead of reading the body.
    static func answerBeforeBody(_ incoming: IncomingRequest, on connection: OpaquePointer, context: HandlerContext) -> MHD_Result {
        guard let upload = incoming.upload, let length = upload.stream.length, length - upload.received > drainLimit,
            let answer = upload.plainAnswer
        else { return .YES }
        incoming.upload = nil
        // A handler that reads on sees a body that never came whole.
        upload.stream.finish(broken: true)
        incoming.answered = true
        return queue(answer, on: connection, context: context)
    }

    /// One piece of a streamed body: what fits goes into the stream; the rest stays unread in
    /// libmicrohttpd's buffer, with the connection suspended until the handler has read, so the
    /// client is held back by TCP rather than buffered here.
    static func feed(
        _ upload: UploadInProgress, _ data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
        on connection: OpaquePointer, context: HandlerContext
    ) -> MHD_Result {
        if let key = upload.suspension {
            upload.suspension = nil
            upload.stream.serverResumed()
            // The client hung up while held back: completion lets go of the upload.
            if context.suspended.wasAbandoned(key) { return .NO }
        }
        guard !upload.answeredEarly else { return drop(upload, size: size) }
        guard let data else {
            size.pointee = 0
            return .YES
        }
        let count = size.pointee
        let (taken, key) = upload.stream.offer(UnsafeRawBufferPointer(start: data, count: count), connection: connection)
        upload.received += taken
        size.pointee = count - taken
        guard taken < count else { return .YES }
        guard let key else { return .NO }
        upload.suspension = key
        // An answer that comes while the client is held back (an upstream's early 413) must
        // not wait for a read that will never come.
        let suspended = context.suspended
        upload.response.deferred?.whenSent { suspended.resume(key) }
        return .YES
    }

    /// Body that comes after the answer: read and dropped while what is left (announced, or
    /// dropped so far for a chunked body) is at most `drainLimit`, so that the answer still goes
    /// out at the end and the connection stays usable; past that the connection closes, as
    /// libmicrohttpd cannot send the answer mid-body and the rest could be any size.
    static func drop(_ upload: UploadInProgress, size: UnsafeMutablePointer<Int>) -> MHD_Result {
        let count = size.pointee
        size.pointee = 0
        let left = upload.stream.length.map { $0 - upload.received } ?? upload.dropped + count
        guard left <= drainLimit else { return .NO }
        upload.received += count
        upload.dropped += count
        return .YES
    }

    /// The body ended: the stream is told, and the handler's answer goes out (or waits for it).
    static func endUpload(
        _ upload: UploadInProgress, of incoming: IncomingRequest, on connection: OpaquePointer, context: HandlerContext
    ) -> MHD_Result {
        incoming.upload = nil
        if let key = upload.suspension {
            upload.suspension = nil
            if context.suspended.wasAbandoned(key) {
                abandon(upload)
                return .NO
            }
        }
        upload.stream.finish()
        incoming.answered = true
        context.deadlines.bodyReceived(connection)
        return answer(upload.response, to: incoming, on: connection, context: context)
    }

    /// The client left mid-body: the reader sees the body broken and the handler's later answer
    /// is abandoned (a proxy drops its upstream transfer).
    static func abandon(_ upload: UploadInProgress) {
        upload.stream.finish(broken: true)
        upload.response.deferred?.abandon()
    }
}
