import Foundation
import TestSupport
import Testing

/// `apicheck serve` as a user runs it, stopped by a signal: the answer under way still arrives,
/// no new client is taken, and the process exits 0.
@Suite struct ServeStopTests {
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func aSignalStopsServeCleanly(_ signal: Int32) async throws {
        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-serve-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        // Through `Spawn`, not `Process` (see `Spawn`).
        let errFile = open(errURL.path, O_WRONLY | O_CLOEXEC)
        defer { close(errFile) }
        let pid = try Spawn.start(
            binary.path, ["serve", "--port", "0"], environment: ProcessInfo.processInfo.environment,
            directory: RepositoryPaths.root.path, stderr: errFile)
        var reaped = false
        defer { if !reaped { kill(pid, SIGKILL); _ = try? Spawn.wait(pid) } }
        func stderr() -> String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
        func waitFor(_ text: String) async throws -> Bool {
            for _ in 0..<500 {
                if stderr().contains(text) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }

        #expect(try await waitFor("Ctrl-C stops it"))
        let port = try #require(stderr().firstMatch(of: /127\.0\.0\.1:(\d+)\/Api\//).flatMap { Int($0.1) })
        let delayed = try RawConnection(port: port, readTimeout: 30)
        delayed.send("GET /Api/topics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nPrefer: delay=1500\r\nConnection: close\r\n\r\n")
        #expect(try await waitFor("(+1500 ms delay)"))
        kill(pid, signal)

        let answer = String(decoding: delayed.readUntilClosed() ?? Data(), as: UTF8.self)
        let status = try Spawn.wait(pid)
        reaped = true

        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(status == 0, "exit status \(status) (128 + a signal when above 128)")
        #expect(stderr().contains("stopping (answers under way get up to 5 s)"))
        #expect(stderr().hasSuffix("apicheck serve: stopped\n"))
        #expect((try? RawConnection(port: port)) == nil)
    }
}
