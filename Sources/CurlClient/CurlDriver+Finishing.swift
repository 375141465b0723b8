import APICheck
internal import CCurl
import Foundation
import Synchronization

/// How the driver thread ends transfers: handles given back, completions called, and what is
/// left when the transport shuts down.
extension CurlDriver {
    func finish(
        _ transfer: CurlTransfer, easy: UnsafeMutableRawPointer,
        with result: Result<HTTPResponse, any Error>, state: inout LoopState
    ) {
        var connects = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        connectionsOpened.add(connects, ordering: .relaxed)
        curl_multi_remove_handle(multi, easy)
        state.active[easy] = nil
        transfer.easy = nil
        recycle(easy, state: &state)
        resume(transfer, with: result)
    }

    /// Keeps a few reset handles for the next transfers; the connections themselves live in the
    /// multi handle's cache either way.
    func recycle(_ easy: UnsafeMutableRawPointer, state: inout LoopState) {
        curl_easy_reset(easy)
        if state.idleHandles.count < max(1, configuration.concurrency) {
            state.idleHandles.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    func resume(_ transfer: CurlTransfer, with result: Result<HTTPResponse, any Error>) {
        let completion = queue.withLock { _ in Self.takeCompletion(of: transfer) }
        completion?(result)
    }

    /// After shutdown: nothing queued or running is left waiting, and no easy handle outlives
    /// the thread.
    func drain(_ state: inout LoopState) {
        let pending = queue.withLock { queue in
            defer { queue.pending.removeAll(); queue.cancelled.removeAll() }
            return queue.pending
        }
        for transfer in pending {
            resume(transfer, with: .failure(TransportError(.other, "the transport was shut down", url: transfer.redactedURL)))
        }
        for (easy, transfer) in state.active {
            curl_multi_remove_handle(multi, easy)
            transfer.easy = nil
            curl_easy_cleanup(easy)
            resume(transfer, with: .failure(TransportError(.other, "the transport was shut down", url: transfer.redactedURL)))
        }
        state.active.removeAll()
        for easy in state.idleHandles {
            curl_easy_cleanup(easy)
        }
        state.idleHandles.removeAll()
    }
}
