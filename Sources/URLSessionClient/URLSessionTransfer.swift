import APICheck
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Synchronization

/// One request (one hop of a redirect chain) on its way through URLSession: the continuation waiting for it, the task, and
/// what the delegate has received so far. Every field sits behind one lock, since URLSession's
/// delegate queue, the caller's cancellation and the timeout watchdog all reach it.
final class URLSessionTransfer: Sendable {
    let original: HTTPRequest
    let configuration: URLSessionTransportConfiguration
    private let started = ContinuousClock.now

    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var task: URLSessionTask?
        var response: HTTPURLResponse?
        var body = Data()
        var firstByte: Duration?
        /// Set when the transfer was stopped on purpose (cap, timeout, cancellation, shutdown):
        /// URLSession then reports a plain "cancelled", which this replaces.
        var failure: (any Error)?
        var finished = false
    }

    private let state: Mutex<State>

    init(_ request: HTTPRequest, configuration: URLSessionTransportConfiguration) {
        original = request
        self.configuration = configuration
        state = Mutex(State())
    }

    var displayURL: String { Redactor.withoutQuery(original.url) }

    /// Hands over the continuation and the task; false (and the continuation resumed) when the
    /// caller's task was cancelled before the transfer began.
    func begin(_ continuation: CheckedContinuation<HTTPResponse, any Error>, task: URLSessionTask) -> Bool {
        let early = state.withLock { state -> (any Error)? in
            if let failure = state.failure {
                state.finished = true
                return failure
            }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let early {
            continuation.resume(throwing: early)
            return false
        }
        return true
    }

    /// Stops the transfer with `error`, unless it already ended or was already stopped.
    func fail(_ error: any Error) {
        let task = state.withLock { state -> URLSessionTask? in
            guard !state.finished, state.failure == nil else { return nil }
            state.failure = error
            return state.task
        }
        task?.cancel()
    }

    func receive(_ response: HTTPURLResponse) -> Bool {
        let limit = configuration.maxBodyBytes
        let fits = state.withLock { state -> Bool in
            state.response = response
            state.firstByte = ContinuousClock.now - started
            return response.expectedContentLength <= Int64(limit)
        }
        if !fits { fail(tooLarge) }
        return fits
    }

    func receive(_ data: Data) {
        let limit = configuration.maxBodyBytes
        let fits = state.withLock { state -> Bool in
            guard state.body.count + data.count <= limit else { return false }
            state.body.append(data)
            return true
        }
        if !fits { fail(tooLarge) }
    }

    private var tooLarge: TransportError {
        TransportError(
            .bodyTooLarge, "response body exceeds the limit of \(Self.describeBytes(configuration.maxBodyBytes))",
            url: displayURL)
    }

    /// Resumes the caller once URLSession reports the task complete.
    func complete(_ error: (any Error)?) {
        let elapsed = ContinuousClock.now - started
        let (continuation, result) = state.withLock {
            state -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, any Error>) in
            defer {
                state.finished = true
                state.continuation = nil
                state.task = nil
            }
            if let failure = state.failure { return (state.continuation, .failure(failure)) }
            if let error { return (state.continuation, .failure(TransportError(error, url: displayURL, request: original.url))) }
            guard let response = state.response else {
                return (state.continuation, .failure(TransportError(.other, "no response", url: displayURL)))
            }
            let timings = Timings(firstByte: Self.seconds(state.firstByte ?? elapsed), total: Self.seconds(elapsed))
            return (
                state.continuation,
                .success(
                    HTTPResponse(
                        status: response.statusCode, headers: Self.headers(of: response),
                        body: state.body, url: response.url ?? original.url,
                        timings: timings))
            )
        }
        continuation?.resume(with: result)
    }

    /// URLSession gives header fields as a dictionary: a repeated field arrives joined with
    /// commas, and the order is lost. Sorted by name, so that the same answer reads the same.
    static func headers(of response: HTTPURLResponse) -> [(name: String, value: String)] {
        response.allHeaderFields.compactMap { key, value -> (name: String, value: String)? in
            guard let name = key as? String else { return nil }
            return (name: name, value: value as? String ?? "\(value)")
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// "1 MiB (1048576 bytes)" for whole MiB, "1500 bytes" otherwise, as the libcurl transport says it.
    static func describeBytes(_ count: Int) -> String {
        let mebibyte = 1 << 20
        return count >= mebibyte && count % mebibyte == 0 ? "\(count / mebibyte) MiB (\(count) bytes)" : "\(count) bytes"
    }
}
