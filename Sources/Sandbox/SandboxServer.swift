import Foundation
import HTTPServer

/// `SandboxAPI` on a real HTTP server: what `apicheck sandbox` runs and what live tests check.
public final class SandboxServer: Sendable {
    public static let demoAccount = DemoData.demoAccount
    public static let demoPassword = DemoData.demoPassword

    public let api: SandboxAPI
    private let server: HTTPServer
    private let host: String

    /// - Parameter limits: the HTTP server's deadlines, connection caps and body budget; the
    ///   defaults hold against the attacks `ci/attack` runs. Its `tls` makes the sandbox speak HTTPS.
    public init(
        configuration: SandboxConfiguration = .init(), host: String = "127.0.0.1", port: Int = 0,
        limits: HTTPServerConfiguration = .init()
    ) {
        let api = SandboxAPI(configuration: configuration)
        self.api = api
        self.host = host
        server = HTTPServer(host: host, port: port, configuration: limits) { api.handle($0) }
    }

    public func start() throws {
        try server.start()
    }

    /// `http://HOST:PORT/Api/` (`https://` when `limits.tls` is set), with the port the server actually bound.
    public var baseURL: URL {
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        let authority = reachable.contains(":") ? "[\(reachable)]" : reachable
        return URL(string: "\(server.scheme)://\(authority):\(server.port)\(SandboxRoute.basePath)")!
    }

    public func stop() {
        server.stop()
    }
}
