import APICheckCLI
import Foundation
import Sandbox

/// The demo backend of docs/demo-api.md, bundled so that `apicheck live` works out of the box.
public struct DemoSandboxLauncher: SandboxLauncher {
    public init() {}

    public var account: String { SandboxServer.demoAccount }
    public var password: String { SandboxServer.demoPassword }

    public func start(port: Int, tokenTTL: Double, faults: [String]) throws -> any RunningSandbox {
        var configuration = SandboxConfiguration()
        configuration.tokenTTL = tokenTTL
        configuration.faults = try faults.map { spec throws in try SandboxFault(spec: spec) }
        let server = SandboxServer(configuration: configuration, port: port)
        try server.start()
        return Running(server: server)
    }

    private struct Running: RunningSandbox {
        let server: SandboxServer
        var baseURL: URL { server.baseURL }
        func stop() { server.stop() }
    }
}
