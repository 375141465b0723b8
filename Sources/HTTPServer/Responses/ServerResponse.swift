import Foundation

/// What a handler answers. The server computes Content-Length itself; a Content-Length header
/// set here is ignored.
public struct ServerResponse: Sendable {
    // Each change drops `prepared`, so that a prepared answer is never sent for a response
    // that has moved on from it.
    public var status: Int { didSet { prepared = nil } }
    public var headers: [(name: String, value: String)] { didSet { prepared = nil } }
    public var body: Data { didSet { prepared = nil } }
    /// When set, the server announces the full Content-Length but cuts the connection after this
    /// many body bytes (to test truncated bodies).
    public var truncateAfter: Int? { didSet { prepared = nil } }
    /// When set, no answer: the connection is closed or reset.
    public var ending: ConnectionEnding? { didSet { prepared = nil } }
    /// When set, the body goes out `bytes` at a time with `pause` seconds before each piece
    /// (it holds the connection's thread meanwhile).
    public var dribble: (bytes: Int, pause: Double)? { didSet { prepared = nil } }
    /// This same answer already built (`PreparedResponse(self)`): the server sends it instead of
    /// building one. Set it last: any change to status, headers, body, truncation, ending or
    /// dribble clears it.
    public var prepared: PreparedResponse?
    /// Seconds to wait before answering. A thread-per-connection server sleeps; a pool server
    /// suspends the connection and answers from a timer, so no thread waits.
    public var delay: Double = 0
    /// The answer comes later through this (see `DeferredResponse`); the other fields are unused.
    public var deferred: DeferredResponse?
    /// A protocol switch (status 101, with its `Upgrade` and `Connection` headers): once the 101
    /// is sent, the connection goes to this handler, or nil goes to it when the client left
    /// first. Then the body is unused.
    public var upgrade: (@Sendable (UpgradedConnection?) -> Void)? { didSet { prepared = nil } }
    /// A body sent while it is written (server-sent events), chunked; `body` is unused. The
    /// connection closes after it (a pool server only: a thread-per-connection one cuts it off).
    public var stream: ResponseStream? { didSet { prepared = nil } }

    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
        truncateAfter: Int? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.truncateAfter = truncateAfter
    }

    /// A JSON answer: `Content-Type: application/json; charset=utf-8`.
    /// An answer the handler gives later, through `deferred.send`.
    public static func deferred(_ deferred: DeferredResponse) -> ServerResponse {
        var response = ServerResponse()
        response.deferred = deferred
        return response
    }

    public static func json(_ body: Data, status: Int = 200) -> ServerResponse {
        ServerResponse(
            status: status, headers: [(name: "Content-Type", value: "application/json; charset=utf-8")],
            body: body)
    }
}
