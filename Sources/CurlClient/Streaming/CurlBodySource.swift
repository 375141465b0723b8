/// Where a request's body comes from while it is sent, instead of whole beforehand: a proxy
/// passes its client's upload on as it arrives (`CurlTransport.start(_:uploading:streamingTo:completion:)`).
///
/// `read` comes on the transport's thread and must return at once.
public protocol CurlBodySource: AnyObject, Sendable {
    /// The body's size, sent as Content-Length; nil sends it chunked.
    var length: Int? { get }
    /// Called once, before the first `read`, with how to wake the transfer after `read` found
    /// nothing (callable from any thread, any number of times).
    func attach(resume: @escaping @Sendable () -> Void)
    /// Fills `buffer` with the next bytes.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlBodyRead
}

/// What one `CurlBodySource.read` gave.
public enum CurlBodyRead: Sendable, Equatable {
    /// This many bytes were written into the buffer (more than 0).
    case bytes(Int)
    /// Nothing yet: the transfer pauses (TCP then holds the upstream's reading) until `resume`.
    case wait
    /// The body ended.
    case end
    /// The body will not end (its sender left): the transfer is aborted.
    case abort
}
