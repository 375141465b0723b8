import CurlClient
import Foundation
import HTTPServer
import Synchronization

/// An upstream answer too large to gather, passed to the client as it arrives: its head as soon
/// as the body passes `threshold`, then each piece, with a copy kept for the check up to its cap.
///
/// Bounded: the stream holds `capacity` bytes for a client that reads slowly; past that the
/// upstream transfer is paused (TCP then holds the upstream back) until the client has read.
/// An exchange holds at most `threshold` + `capacity` + one piece on the way, plus its copy
/// (at most `copyCap`, let go at once when the body passes it; held against the checks' budget
/// with the bodies waiting for their checks, so many large answers at once cost coverage, not
/// memory).
///
/// `begin`, `write` and the reads of the copy happen on the transport's thread (the completion
/// runs there too), hence `@unchecked Sendable`; the client's leaving comes from a server thread
/// and goes through `leaving`'s lock.
final class StreamedAnswer: CurlBodySink, @unchecked Sendable {
    let threshold: Int
    let capacity: Int
    private let deferred: DeferredResponse
    /// The upstream's headers as the client gets them (hop-by-hop ones gone, links turned).
    private let headersOut: @Sendable ([(name: String, value: String)]) -> [(name: String, value: String)]
    private(set) var stream: ResponseStream?
    /// What the check reads; its length is the body's, passed on so far.
    var copy: CheckedCopy
    private let leaving = Mutex<(transfer: CurlTransferHandle?, gone: Bool)>((nil, false))

    init(
        threshold: Int, copyCap: Int, capacity: Int = 64 << 10, deferred: DeferredResponse, checks: CheckQueue,
        headersOut: @escaping @Sendable ([(name: String, value: String)]) -> [(name: String, value: String)] = ProxyCore.endToEnd
    ) {
        copy = CheckedCopy(cap: copyCap, checks: checks)
        self.headersOut = headersOut
        self.threshold = threshold
        self.capacity = capacity
        self.deferred = deferred
    }

    /// Whether the body went to the client piece by piece (else the completion has it whole).
    var isStreaming: Bool { stream != nil }

    func begin(
        status: Int, headers: [(name: String, value: String)], gathered: UnsafeRawBufferPointer,
        resume: @escaping @Sendable () -> Void
    ) {
        let stream = ResponseStream(capacity: capacity)
        stream.whenDrained(resume)
        stream.whenGone { [weak self] in self?.clientLeft() }
        self.stream = stream
        pass(gathered, to: stream)
        var response = ServerResponse(status: status, headers: headersOut(headers))
        response.stream = stream
        deferred.send(response)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let stream, stream.buffered < capacity else { return false }
        pass(bytes, to: stream)
        return true
    }

    private func pass(_ bytes: UnsafeRawBufferPointer, to stream: ResponseStream) {
        copy.keep(bytes)
        stream.push(bytes)
    }

    /// The transfer to drop when the client leaves mid-body: at once if it already has.
    func attach(_ transfer: CurlTransferHandle) {
        let gone = leaving.withLock { state -> Bool in
            state.transfer = transfer
            return state.gone
        }
        if gone { transfer.cancel() }
    }

    private func clientLeft() {
        let transfer = leaving.withLock { state -> CurlTransferHandle? in
            state.gone = true
            return state.transfer
        }
        transfer?.cancel()
    }
}
