import Foundation
import HTTPServer
import Sandbox
import TestSupport
import Testing

/// The built `apicheck` executable itself, as a user runs it: stdout, stderr, exit code.
/// `swift build` builds it next to the test bundle; the test command runs it first, because
/// `swift test` alone does not rebuild executables.
@Suite struct BinaryTests {
    static var binary: URL? {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleDirectory.appendingPathComponent("apicheck"),
            bundleDirectory.deletingLastPathComponent().appendingPathComponent("apicheck"),
            RepositoryPaths.debugBinary,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (code: Int32, out: String, err: String) {
        let binary = try #require(Self.binary, "build the executable first: swift build")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        // Files, not pipes: a full stderr pipe while stdout is being read would block both sides.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        // posix_spawn rather than Process: see Spawn.
        let status = try Spawn.run(
            binary.path, arguments, environment: environment, directory: RepositoryPaths.root.path,
            stdout: outHandle.fileDescriptor, stderr: errHandle.fileDescriptor)
        try outHandle.close()
        try errHandle.close()
        return (status, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8))
    }

    @Test func list() throws {
        let result = try run(["list"])
        #expect(result.code == 0)
        #expect(result.out.split(separator: "\n").count == 12)
        #expect(result.err == "")
    }

    @Test func mocks() throws {
        let result = try run(["mocks"])
        #expect(result.code == 0)
        #expect(result.out.hasSuffix("11 endpoints ok; 0 errors, 0 warnings\n"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try run(["mocks", "--frobnicate"])
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("apicheck mocks: unknown option '--frobnicate'\n\nusage: apicheck mocks"))
    }

    /// libcurl honours the proxy variables: a host that does not resolve is reached through a
    /// proxy on loopback, which forwards to the sandbox. (A separate process, because the
    /// variables are process-wide and tests run in parallel.)
    @Test func proxyVariablesAreHonoured() throws {
        let sandbox = SandboxAPI()
        let proxy = HTTPServer { request in
            // A proxy gets the absolute URL; the sandbox wants the path.
            var forwarded = request
            if let url = URL(string: request.path), url.host != nil { forwarded.path = url.path }
            return sandbox.handle(forwarded)
        }
        try proxy.start()
        defer { proxy.stop() }
        let result = try run(
            ["live", "--base-url", "http://proxied.invalid/Api/", "--only", "topics.list,config.main", "--no-probes"],
            environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": ""])
        #expect(result.code == 0, "\(result.out)\n\(result.err)")
        #expect(result.out.hasPrefix("apicheck live  http://proxied.invalid/Api/  2 endpoints"))
    }
}
