import Synchronization

/// The handler a 101 answer hands its connection to, until libmicrohttpd has sent the 101. A
/// client that leaves before that never gets an upgrade: `completed` tells the handler so
/// through `abandon`, and the handoff lets go of whatever the handler's closure holds.
final class UpgradeHandoff: Sendable {
    private let handler: Mutex<(@Sendable (UpgradedConnection?) -> Void)?>
    let context: HandlerContext

    init(_ handler: @escaping @Sendable (UpgradedConnection?) -> Void, context: HandlerContext) {
        self.handler = Mutex(handler)
        self.context = context
    }

    /// The 101 went out: the handler gets the connection (or, when it gave up, it is closed).
    func upgraded(_ connection: UpgradedConnection) {
        guard let handler = handler.withLock({ $0.take() }) else {
            connection.close()
            return
        }
        handler(connection)
    }

    /// The connection ended before the 101 went out.
    func abandon() {
        handler.withLock { $0.take() }?(nil)
    }
}
