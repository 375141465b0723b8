/// What the C callbacks reach through their context pointer: the handler and the state shared by
/// all connections of one running daemon. Passed unretained; the server keeps it until the
/// daemon is stopped.
final class HandlerContext: Sendable {
    let handler: HTTPServer.Handler
    let configuration: HTTPServerConfiguration
    let budget: RequestBodyBudget
    let deadlines: ConnectionDeadlines
    let suspended = SuspendedConnections()

    init(handler: @escaping HTTPServer.Handler, configuration: HTTPServerConfiguration) {
        self.handler = handler
        self.configuration = configuration
        budget = RequestBodyBudget(limit: configuration.requestBodyBudget, small: configuration.smallRequestBody)
        deadlines = ConnectionDeadlines(headerTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout,
                                       sendTimeout: configuration.sendTimeout,
                                       idleTimeout: configuration.keepsIdleTimeoutItself ? Double(configuration.idleTimeout) : nil)
    }
}
