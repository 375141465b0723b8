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
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = RepositoryPaths.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
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
        kill(process.processIdentifier, signal)

        let answer = String(decoding: delayed.readUntilClosed() ?? Data(), as: UTF8.self)
        process.waitUntilExit()

        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(stderr().contains("stopping (answers under way get up to 5 s)"))
        #expect(stderr().hasSuffix("apicheck serve: stopped\n"))
        #expect((try? RawConnection(port: port)) == nil)
    }
}
