internal import CCurl

/// Streamed answers held back by their sink (`CurlBodySink.write` said no) and let go again.
extension CurlDriver {
    /// Asks the driver thread to unpause `transfer`: easy handles are touched on that thread only.
    func resume(_ transfer: CurlTransfer) {
        let wake = queue.withLock { queue -> Bool in
            guard transfer.lifecycle == .active else { return false }
            queue.resumed.append(transfer)
            defer { queue.sleeping = false }
            return queue.sleeping
        }
        if wake { ccurl_events_wake(events) }
    }

    /// On the driver thread: a transfer still running gets its held piece delivered again (from
    /// inside `curl_easy_pause`) and reads on.
    func unpause(_ transfers: [CurlTransfer], state: LoopState) {
        for transfer in transfers {
            guard let easy = transfer.easy, state.active[easy] === transfer else { continue }
            // CURLPAUSE_CONT: both directions on.
            _ = curl_easy_pause(easy, 0)
        }
    }
}
