import APICheckCLI
import Foundation
import HTTPServer
import Sandbox

/// The demo backend of docs/demo-api.md, bundled so that `apicheck live` works out of the box.
public struct DemoSandboxLauncher: SandboxLauncher {
    public init() {}

    public var account: String { SandboxServer.demoAccount }
    public var password: String { SandboxServer.demoPassword }

    public func start(port: Int, tokenTTL: Double, faults: [String]) throws -> any RunningSandbox {
        try start(port: port, tokenTTL: tokenTTL, faults: faults, tls: nil)
    }

    public func start(port: Int, tokenTTL: Double, faults: [String], tls: SandboxTLSFiles?) throws -> any RunningSandbox {
        var configuration = SandboxConfiguration()
        configuration.tokenTTL = tokenTTL
        configuration.faults = try faults.map { spec throws in try SandboxFault(spec: spec) }
        var limits = HTTPServerConfiguration()
        limits.tls = try tls.map { try HTTPServerTLS(certificateFile: $0.certificate, keyFile: $0.key, clientCAFile: $0.clientCA) }
        let server = SandboxServer(configuration: configuration, port: port, limits: limits)
        try server.start()
        return Running(server: server)
    }

    private struct Running: RunningSandbox {
        let server: SandboxServer
        var baseURL: URL { server.baseURL }
        func stop() { server.stop() }
    }
}
