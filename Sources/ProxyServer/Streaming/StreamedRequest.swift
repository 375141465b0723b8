import CurlClient
import Foundation
import HTTPServer

/// A client's request body too large to gather, passed upstream as it arrives: libcurl reads it
/// from the server's `RequestBodyStream`, with a copy kept for the request's check up to its cap.
///
/// Bounded as the answers are: the stream holds 64 KiB, the client is held back while the
/// upstream does not read, and the copy (at most `copyCap`, let go at once when the body passes
/// it) is held against the checks' budget.
///
/// `read` happens on the transport's thread, and the copy is read there too, by the completion,
/// after the last read; hence `@unchecked Sendable`.
final class StreamedRequest: CurlBodySource, @unchecked Sendable {
    let body: RequestBodyStream
    let copyCap: Int
    private let checks: CheckQueue
    private var copy = Data()
    private var reserved = 0
    /// The copy was let go because the checks' budget was full.
    private(set) var copyRefused = false
    /// Body bytes passed on so far.
    private(set) var sent = 0

    init(_ body: RequestBodyStream, copyCap: Int, checks: CheckQueue) {
        self.body = body
        self.copyCap = copyCap
        self.checks = checks
    }

    var length: Int? { body.length }

    func attach(resume: @escaping @Sendable () -> Void) {
        body.whenReadable(resume)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlBodyRead {
        switch body.read(into: buffer) {
        case let .bytes(count):
            keep(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            return .bytes(count)
        case .empty: return .wait
        case .end: return .end
        case .broken: return .abort
        }
    }

    /// Whether the client left before its body ended: the transfer's failure is its leaving.
    var clientLeft: Bool { body.isBroken }

    /// The body as it came, for the check; nil when it passed `copyCap` or the budget.
    var checkedCopy: Data? { sent > copyCap || copyRefused ? nil : copy }

    /// Gives the copy's bytes back to the budget: the check that reads it books them again.
    func releaseCopy() {
        checks.release(bytes: reserved)
        reserved = 0
    }

    private func keep(_ bytes: UnsafeRawBufferPointer) {
        sent += bytes.count
        if sent <= copyCap, !copyRefused {
            if checks.reserve(bytes: bytes.count) {
                reserved += bytes.count
                copy.append(contentsOf: bytes)
            } else {
                copyRefused = true
            }
        }
        if (sent > copyCap || copyRefused) && reserved > 0 {
            copy = Data()
            releaseCopy()
        }
    }
}
