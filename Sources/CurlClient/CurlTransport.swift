import APICheck
import Foundation
import Synchronization

/// The libcurl transport: one multi handle driven by one dedicated thread (or
/// `configuration.drivers` of them), with up to `configuration.concurrency` transfers in flight
/// and connections reused between requests.
///
/// Any HTTP status is a response; `send` throws `TransportError` only when no complete answer
/// arrived, and `CancellationError` when its task is cancelled (the transfer is dropped).
public final class CurlTransport: Transport {
    public let configuration: CurlConfiguration
    private let drivers: Result<[CurlDriver], TransportError>
    private let turn = Atomic<Int>(0)

    public init(configuration: CurlConfiguration = CurlConfiguration()) {
        self.configuration = configuration
        // No more handles than slots: each needs one, and more would hold more than `concurrency`.
        let count = max(1, min(configuration.drivers, configuration.concurrency))
        // Each handle gets its share of the slots, so that all of them together hold no more.
        var share = configuration
        share.concurrency = max(1, configuration.concurrency / count)
        drivers = Result { () throws(TransportError) in
            var made: [CurlDriver] = []
            do throws(TransportError) {
                for _ in 0..<count { made.append(try CurlDriver(configuration: share)) }
            } catch {
                for driver in made { driver.shutdown() }
                throw error
            }
            return made
        }
    }

    /// The driver the next transfer goes to: the calling thread's own when it is one of them (a
    /// host's handler starts its transfer on its own loop, with no wake), else the next in turn.
    var driver: Result<CurlDriver, TransportError> {
        drivers.map { drivers in
            if drivers.count == 1 { return drivers[0] }
            if let current = CurlDriver.current,
                let own = drivers.first(where: { Unmanaged.passUnretained($0).toOpaque() == current })
            {
                return own
            }
            return drivers[turn.add(1, ordering: .relaxed).oldValue % drivers.count]
        }
    }

    /// Queues `work` to run on the calling thread after its host's next turn, when the calling
    /// thread is one of this transport's driver threads; false (nothing queued) on any other.
    /// A host's own work (a proxy's checks) then costs no hand-over to another thread and runs
    /// once the answers of the turn are out.
    public func afterTurn(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard let current = CurlDriver.current, case .success(let drivers) = drivers,
            let own = drivers.first(where: { Unmanaged.passUnretained($0).toOpaque() == current })
        else { return false }
        own.afterTurn.append(work)
        return true
    }

    /// Runs each host on a driver thread of its own, beside its libcurl transfers; as many hosts
    /// as `configuration.drivers`.
    public func host(_ hosts: [any CurlLoopHost]) throws(TransportError) {
        let drivers = try drivers.get()
        guard hosts.count == drivers.count else {
            throw TransportError(.other, "\(hosts.count) loop hosts for \(drivers.count) drivers")
        }
        for (driver, host) in zip(drivers, hosts) { driver.host(host) }
    }

    deinit {
        shutdown()
    }

    /// Sends the request and follows redirects within its origin (scheme, host and port). A
    /// redirect to another origin is not followed: the 3xx answer comes back as it is, so that
    /// credentials in a body, the token and secret headers never reach another host.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let driver = try driver.get()
        var current = request
        var earlier = 0.0
        var hops = 0
        while true {
            var response = try await transfer(current, driver)
            // The hops before this one count in the total, as libcurl counts them.
            response.timings.total += earlier
            earlier = response.timings.total
            guard !configuration.passThrough, let next = current.redirected(by: response),
                next.url.hasSameOrigin(as: request.url)
            else { return response }
            guard hops < configuration.maxRedirects else {
                throw TransportError(
                    .other, "maximum (\(configuration.maxRedirects)) redirects followed", url: URLDisplay.string(request.url, query: false))
            }
            current = next
            hops += 1
        }
    }

    private func transfer(_ request: HTTPRequest, _ driver: CurlDriver) async throws -> HTTPResponse {
        let transfer = CurlTransfer(request: request, configuration: configuration)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                driver.enqueue(transfer) { continuation.resume(with: $0) }
            }
        } onCancel: {
            driver.cancel(transfer)
        }
    }

    /// Sends the request once, with no task: `completion` gets the answer as it came (no
    /// redirect followed, whatever the configuration says) or why there is none, on the driver's
    /// thread, so it must return quickly. A proxy moves thousands of exchanges a second this
    /// way; a task and its continuation for each would cost more than the transfer's own work.
    /// `cancel()` on the result drops the transfer, and `completion` gets a `CancellationError`.
    public func start(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void)
        -> CurlTransferHandle
    {
        start(request, uploading: nil, streamingTo: nil, completion: completion)
    }

    /// Stops the driver thread; requests still queued or running fail. Idempotent.
    public func shutdown() {
        if case .success(let drivers) = drivers {
            for driver in drivers { driver.shutdown() }
        }
    }

    /// Requests waiting for one of the `concurrency` slots (for tests: a state to wait for, not
    /// a moment to guess).
    var queuedRequests: Int {
        guard case .success(let drivers) = drivers else { return 0 }
        return drivers.reduce(0) { $0 + $1.pendingCount }
    }

    /// How many new connections libcurl has opened so far (the sum of CURLINFO_NUM_CONNECTS).
    /// Far fewer than the number of requests means connections are being reused.
    public var connectionsOpened: Int {
        guard case .success(let drivers) = drivers else { return 0 }
        return drivers.reduce(0) { $0 + $1.connectionsOpened.load(ordering: .relaxed) }
    }
}
