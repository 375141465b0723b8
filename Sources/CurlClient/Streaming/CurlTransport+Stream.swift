import APICheck

/// Starting a transfer whose large answer is streamed to a sink rather than gathered whole, or
/// whose body is sent from a source as it comes.
extension CurlTransport {
    /// The buffer libcurl sends a source's body from (`CURLOPT_UPLOAD_BUFFERSIZE`), one per
    /// uploading transfer: part of what an upload passed on as it arrives holds.
    public static let uploadBufferBytes = 64 << 10

    /// As `start(_:completion:)`, but an answer past `sink.threshold` goes to `sink` as it
    /// arrives, with no `maxBodyBytes` cap, held back while the sink is full; `completion` then
    /// gets the status and headers with an empty body, or the failure that cut the body off.
    public func start(
        _ request: HTTPRequest, streamingTo sink: any CurlBodySink,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> CurlTransferHandle {
        start(request, uploading: nil, streamingTo: sink, completion: completion)
    }

    /// As `start(_:streamingTo:completion:)`, with the request's body taken from `source` as it
    /// is sent (`request.body` is unused) when there is one, and the answer gathered whole when
    /// there is no `sink`.
    public func start(
        _ request: HTTPRequest, uploading source: (any CurlBodySource)?, streamingTo sink: (any CurlBodySink)?,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> CurlTransferHandle {
        let driver: CurlDriver
        do {
            driver = try self.driver.get()
        } catch {
            completion(.failure(error))
            return CurlTransferHandle(cancel: {})
        }
        let transfer = CurlTransfer(request: request, configuration: configuration)
        transfer.sink = sink
        transfer.source = source
        // Only a held-back sink or an empty source pauses a transfer, and only they wake it.
        if sink != nil || source != nil { transfer.driver = driver }
        driver.enqueue(transfer, completion: completion)
        return CurlTransferHandle { driver.cancel(transfer) }
    }
}
