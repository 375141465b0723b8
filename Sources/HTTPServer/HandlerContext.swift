/// What the C callbacks reach through their context pointer: the handler and the state shared by
/// all connections of one running daemon. Passed unretained; the server keeps it until the
/// daemon is stopped.
final class HandlerContext: Sendable {
    let handler: HTTPServer.Handler
    let configuration: HTTPServerConfiguration
    let budget: RequestBodyBudget
    let deadlines: ConnectionDeadlines
    let suspended: SuspendedConnections
    let loops: ServerLoopDirectory
    /// The connection caps over all loops of a `.loops` server; nil in the other thread models,
    /// where libmicrohttpd's own caps hold.
    let admission: ConnectionAdmission?
    /// Read on every request, so kept apart from `configuration` (reading one of its fields
    /// through the TLS settings retained their strings each time).
    let threadPerConnection: Bool
    /// Mutual TLS: non-nil when a client certificate is required, and whether a connection without
    /// one is closed rather than answered 403.
    let clientCertificateRequired: Bool?
    /// `streamsRequestBodiesPast` where it applies (a pool), else 0.
    let uploadThreshold: Int
    /// nil where a client certificate is required: that check needs the request the long way.
    let shortcut: LineShortcut?

    init(handler: @escaping HTTPServer.Handler, shortcut: LineShortcut?, configuration: HTTPServerConfiguration) {
        self.handler = handler
        self.configuration = configuration
        threadPerConnection = configuration.threadModel == .threadPerConnection
        loops = ServerLoopDirectory(driven: configuration.loopCount > 0)
        suspended = SuspendedConnections(loops: loops)
        admission =
            configuration.loopCount > 0
            ? ConnectionAdmission(limit: configuration.connectionLimit, perAddress: configuration.perClientConnectionLimit) : nil
        uploadThreshold = threadPerConnection ? 0 : max(0, configuration.streamsRequestBodiesPast)
        clientCertificateRequired = configuration.tls.flatMap { $0.clientCAPEM == nil ? nil : $0.closesWithoutClientCertificate }
        self.shortcut = clientCertificateRequired == nil ? shortcut : nil
        budget = RequestBodyBudget(limit: configuration.requestBodyBudget, small: configuration.smallRequestBody)
        deadlines = ConnectionDeadlines(
            headerTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout,
            sendTimeout: configuration.sendTimeout,
            idleTimeout: configuration.keepsIdleTimeoutItself ? Double(configuration.idleTimeout) : nil)
    }
}
