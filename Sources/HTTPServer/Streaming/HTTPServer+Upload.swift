internal import CMicroHTTPD
import Foundation

/// Request bodies past `HTTPServerConfiguration.streamsRequestBodiesPast` (a pool server only):
/// the handler is called as soon as the body passes the threshold, with the body to read as it
/// arrives (`ServerRequest.bodyStream`), and its answer is sent once the body has ended.
extension HTTPServer {
    /// What a streamed body holds before the client is held back.
    static let uploadCapacity = 64 << 10

    /// Calls the handler with the body still to come: `gathered` is what arrived before it
    /// passed the threshold, `length` what the client announced (nil for a chunked body).
    static func startUpload(_ incoming: IncomingRequest, gathered: [UInt8], length: Int?, context: HandlerContext) {
        var request = incoming.takeRequest()
        request.body = Data()
        let stream = RequestBodyStream(capacity: uploadCapacity, length: length, gathered: gathered, suspended: context.suspended)
        request.bodyStream = stream
        incoming.upload = UploadInProgress(stream: stream, response: context.handler(request))
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
        guard !upload.answeredEarly, let data else {
            size.pointee = 0
            return .YES
        }
        let count = size.pointee
        let (taken, key) = upload.stream.offer(UnsafeRawBufferPointer(start: data, count: count), connection: connection)
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
