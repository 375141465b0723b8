import APICheck
import APICheckCLI
import APICheckDemo
import Contracts
import CurlClient
import Foundation
import Sandbox

/// Starts a sandbox (optionally with faults) on 127.0.0.1:0 and runs live checks against it.
public struct LiveHarness {
    public static let mocks = RepositoryPaths.mocks
    public static let credentials = ["APICHECK_ACCOUNT": SandboxServer.demoAccount, "APICHECK_PASSWORD": SandboxServer.demoPassword]

    /// Runs `LiveCheck` over libcurl against a fresh sandbox with `faults`.
    public static func run(
        _ faults: [SandboxFault] = [], only: Set<String>? = nil, timeout: Double = 10,
        maxBody: Int = 32 << 20, strict: Bool = false
    ) async throws -> Report {
        let server = SandboxServer(configuration: SandboxConfiguration(faults: faults))
        try server.start()
        defer { server.stop() }
        let transport = CurlTransport(configuration: CurlConfiguration(connectTimeout: timeout, timeout: timeout, maxBodyBytes: maxBody))
        defer { transport.shutdown() }
        let check = LiveCheck(
            api: Demo.api, transport: transport,
            options: LiveOptions(
                baseURL: server.baseURL, only: only, strict: strict, mocksDirectory: mocks, environment: credentials))
        return await check.run()
    }

    /// Runs the real command line; returns the exit code and what it printed.
    public static func cli(_ arguments: [String], environment: [String: String] = credentials) async -> (
        code: Int32, out: String, err: String
    ) {
        let (console, captured) = Console.capturing()
        let tool = APICheckTool(api: Demo.api, sandbox: DemoSandboxLauncher())
        var environment = environment
        environment["APICHECK_MOCKS"] = mocks.path
        let code = await tool.run(
            arguments, console: console, environment: environment,
            workingDirectory: FileManager.default.temporaryDirectory)
        return (code, captured.out, captured.err)
    }
}
