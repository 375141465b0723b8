import APICheck
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Synchronization

/// The session's one delegate: routes each task's events to its transfer. A session-level
/// delegate (not a per-task one) because that is what URLSession honours on every platform.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfers {
        var byTask: [Int: URLSessionTransfer] = [:]
        var shutDown = false
    }

    private let transfers = Mutex(Transfers())

    /// Makes the transfer's task and files it, unless the transport was shut down (nil then).
    func admit(_ transfer: URLSessionTransfer, _ makeTask: () -> URLSessionDataTask) -> URLSessionDataTask? {
        transfers.withLock { transfers in
            guard !transfers.shutDown else { return nil }
            let task = makeTask()
            transfers.byTask[task.taskIdentifier] = transfer
            return task
        }
    }

    /// Fails every transfer in flight with `error` (each with its own URL); true the first time.
    func shutDown(_ error: TransportError) -> Bool {
        let (first, running) = transfers.withLock { transfers in
            defer { transfers.shutDown = true }
            return (!transfers.shutDown, Array(transfers.byTask.values))
        }
        for transfer in running {
            transfer.fail(TransportError(error.kind, error.message, url: transfer.displayURL))
        }
        return first
    }

    private func transfer(_ task: URLSessionTask) -> URLSessionTransfer? {
        transfers.withLock { $0.byTask[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse, let transfer = transfer(dataTask) else {
            completionHandler(.cancel)
            return
        }
        completionHandler(transfer.receive(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never followed here: `URLSessionTransport.send` follows redirects itself, as the libcurl
        // transport does, so both apply the same rules (origin, methods that become GET). Left to
        // it, swift-corelibs-foundation drops the body of a 307 and traps on a cancelled hop.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.byTask.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(error)
    }
}
