import CurlClient
import Foundation
import HTTPServer

/// A client's request body too large to gather, passed upstream as it arrives: libcurl reads it
/// from the server's `RequestBodyStream`, with a copy kept for the request's check up to its cap.
///
/// Bounded as the answers are: the stream holds 64 KiB (booked with libcurl's upload buffer
/// against `--upload-memory`), the client is held back while the upstream does not read, and the copy (at most `copyCap`, let go at once when the body passes
/// it) is held against the checks' budget.
///
/// `read` happens on the transport's thread, and the copy is read there too, by the completion,
/// after the last read; hence `@unchecked Sendable`.
final class StreamedRequest: CurlBodySource, @unchecked Sendable {
    let body: RequestBodyStream
    /// What the check reads; its length is the body's, sent so far.
    var copy: CheckedCopy
    /// What its buffers hold, booked against the uploads' memory (`UploadMemory`) while it
    /// streams: the stream's and libcurl's upload buffer.
    let booked: Int

    init(_ body: RequestBodyStream, copyCap: Int, checks: CheckQueue) {
        self.body = body
        copy = CheckedCopy(cap: copyCap, checks: checks)
        booked = body.bufferBytes + CurlTransport.uploadBufferBytes
    }

    var length: Int? { body.length }

    func attach(resume: @escaping @Sendable () -> Void) {
        body.whenReadable(resume)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlBodyRead {
        switch body.read(into: buffer) {
        case let .bytes(count):
            copy.keep(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            return .bytes(count)
        case .empty: return .wait
        case .end: return .end
        case .broken: return .abort
        }
    }

    /// Whether the client left before its body ended: the transfer's failure is its leaving.
    var clientLeft: Bool { body.isBroken }
}
