/// Where a large answer's body goes while it arrives, instead of being gathered whole: a proxy
/// passes it to its client piece by piece (`CurlTransport.start(_:streamingTo:completion:)`).
///
/// Every call comes on the transport's thread, in order, and must return quickly. An answer
/// that stays within `threshold` bytes never reaches the sink: it comes whole to the completion,
/// as without one. Past it, the completion's response has an empty body: the sink had it.
public protocol CurlBodySink: AnyObject, Sendable {
    /// Bytes an answer's body must pass before it is streamed.
    var threshold: Int { get }
    /// The body passed `threshold`: the answer's status and headers, the bytes gathered so far
    /// (taken whole, whatever the sink holds), and how to wake the transfer after `write` held
    /// it back (callable from any thread, any number of times).
    func begin(
        status: Int, headers: [(name: String, value: String)], gathered: UnsafeRawBufferPointer,
        resume: @escaping @Sendable () -> Void)
    /// The next piece. False leaves it untaken and holds the upstream back (libcurl pauses the
    /// transfer; TCP then stops the sender) until `resume` is called; the piece comes again then.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool
}
