import APICheck

/// Starting a transfer whose large answer is streamed to a sink rather than gathered whole.
extension CurlTransport {
    /// As `start(_:completion:)`, but an answer past `sink.threshold` goes to `sink` as it
    /// arrives, with no `maxBodyBytes` cap, held back while the sink is full; `completion` then
    /// gets the status and headers with an empty body, or the failure that cut the body off.
    public func start(
        _ request: HTTPRequest, streamingTo sink: any CurlBodySink,
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
        transfer.driver = driver
        driver.enqueue(transfer, completion: completion)
        return CurlTransferHandle { driver.cancel(transfer) }
    }
}
