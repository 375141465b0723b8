/// How an `HTTPServer` spends threads on connections.
public enum ThreadModel: Sendable, Equatable {
    /// A thread per connection: a handler may block (sleep, wait on a lock) without stalling
    /// the other connections. The default; the sandbox and the tests rely on it.
    case threadPerConnection
    /// This many threads over epoll, each serving many connections: far fewer context switches,
    /// so far more requests per second, but a handler must never block. A delayed answer
    /// (`ServerResponse.delay`) suspends its connection instead of sleeping.
    case pool(threads: Int)
    /// This many epoll loops with no thread of their own: each is run by its caller's thread
    /// (`HTTPServer.loops`, `ServerLoop`) beside that thread's other sockets, so that a handler
    /// and what it waits on share one thread. Handlers must never block, as in a pool.
    case loops(Int)
}
