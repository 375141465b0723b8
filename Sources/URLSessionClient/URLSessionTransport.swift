import APICheck
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Transport` over URLSession: what an app on iOS or macOS (and a Linux service) uses to run
/// `APIClient` without libcurl. It keeps the libcurl transport's contract: any HTTP status is a
/// response; `send` throws `TransportError` when no complete answer arrived (timeout, refused,
/// DNS, TLS, body over the cap) and `CancellationError` when its task is cancelled.
///
/// Redirects are followed within the request's origin only (scheme, host and port); a redirect
/// elsewhere comes back as the 3xx answer, so the token and credentials never leave the origin.
public final class URLSessionTransport: Transport {
    public let configuration: URLSessionTransportConfiguration
    private let session: URLSession
    private let delegate = URLSessionTransportDelegate()

    /// `base` supplies what the transport does not decide (proxies, TLS settings); caching and
    /// cookies are turned off: a client that checks a contract sees every answer as it is.
    public init(
        configuration: URLSessionTransportConfiguration = URLSessionTransportConfiguration(),
        base: URLSessionConfiguration = .ephemeral
    ) {
        self.configuration = configuration
        // A copy: the caller's configuration object stays as it was.
        let sessionConfiguration = base.copy() as? URLSessionConfiguration ?? .ephemeral
        sessionConfiguration.httpMaximumConnectionsPerHost = max(1, configuration.concurrency)
        sessionConfiguration.timeoutIntervalForRequest = max(0.001, configuration.timeout)
        sessionConfiguration.timeoutIntervalForResource = max(0.001, configuration.timeout)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "apicheck.urlsession"
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var current = request
        var earlier = 0.0
        var hops = 0
        while true {
            var response = try await transfer(current)
            // The hops before this one count in the total, as libcurl counts them.
            response.timings.total += earlier
            earlier = response.timings.total
            guard let next = current.redirected(by: response), next.url.hasSameOrigin(as: request.url) else { return response }
            guard hops < configuration.maxRedirects else {
                throw TransportError(
                    .other, "maximum (\(configuration.maxRedirects)) redirects followed",
                    url: Redactor.withoutQuery(request.url))
            }
            current = next
            hops += 1
        }
    }

    private func transfer(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let transfer = URLSessionTransfer(request, configuration: configuration)
        let urlRequest = try request.urlRequest(configuration)
        // An invalidated session must not be asked for a task (Foundation raises on Apple platforms).
        guard let task = delegate.admit(transfer, { session.dataTask(with: urlRequest) }) else {
            throw TransportError(.other, "the transport was shut down", url: transfer.displayURL)
        }
        // URLSession's own timeouts measure idle time on some platforms; this bounds the whole
        // transfer, as the libcurl transport's timeout does.
        let timeout = configuration.timeout
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak transfer] in
            guard let transfer else { return }
            transfer.fail(TransportError(.timeout, "no complete answer within \(timeout) s", url: transfer.displayURL))
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.begin(continuation, task: task) {
                    task.resume()
                } else {
                    task.cancel()
                }
            }
        } onCancel: {
            transfer.fail(CancellationError())
        }
    }

    /// Cancels every request in flight; later sends fail. Idempotent.
    public func shutdown() {
        if delegate.shutDown(TransportError(.other, "the transport was shut down")) {
            session.invalidateAndCancel()
        }
    }
}
