import APICheck
import Foundation

/// The libcurl transport: one multi handle driven by one dedicated thread, with up to
/// `configuration.concurrency` transfers in flight and connections reused between requests.
///
/// Any HTTP status is a response; `send` throws `TransportError` only when no complete answer
/// arrived, and `CancellationError` when its task is cancelled (the transfer is dropped).
public final class CurlTransport: Transport {
    public let configuration: CurlConfiguration
    private let driver: Result<CurlDriver, TransportError>

    public init(configuration: CurlConfiguration = CurlConfiguration()) {
        self.configuration = configuration
        driver = Result { () throws(TransportError) in try CurlDriver(configuration: configuration) }
    }

    deinit {
        shutdown()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let driver = try driver.get()
        let transfer = CurlTransfer(request: request, configuration: configuration)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                driver.enqueue(transfer, continuation: continuation)
            }
        } onCancel: {
            driver.cancel(transfer)
        }
    }

    /// Stops the driver thread; requests still queued or running fail. Idempotent.
    public func shutdown() {
        if case .success(let driver) = driver {
            driver.shutdown()
        }
    }

    /// How many new connections libcurl has opened so far (the sum of CURLINFO_NUM_CONNECTS).
    /// Far fewer than the number of requests means connections are being reused.
    public var connectionsOpened: Int {
        guard case .success(let driver) = driver else { return 0 }
        return driver.connectionsOpened.load(ordering: .relaxed)
    }
}
