import APICheck
import Dispatch
import HTTPServer
import Synchronization

/// Requests whose body came compressed, answered on a queue of their own: a few KiB of gzip may
/// decode to the body cap, and the server's pool threads, which every client shares, must not
/// spend that time (a client bound to a thread would wait behind the bombs). One at a time: a
/// flood of bombs costs its senders their wait, and everyone else at most one core.
final class CompressedUploads: Sendable {
    private let queue = DispatchQueue(label: "apicheck.serve.compressed-uploads", qos: .utility)

    /// `handle`'s answer to `request`, given later from the queue; nothing is decoded for a
    /// client that left before its turn (a burst of bombs whose senders hang up costs nothing).
    func answer(_ request: ServerRequest, by handle: @escaping @Sendable (ServerRequest) -> ServerResponse) -> ServerResponse {
        let deferred = DeferredResponse()
        let client = Client()
        deferred.whenAbandoned { client.left.store(true, ordering: .relaxed) }
        queue.async {
            guard !client.left.load(ordering: .relaxed) else { return }
            deferred.send(handle(request))
        }
        return .deferred(deferred)
    }

    private final class Client: Sendable {
        let left = Atomic<Bool>(false)
    }
}
