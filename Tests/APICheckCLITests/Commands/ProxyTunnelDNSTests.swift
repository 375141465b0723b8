import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `apicheck proxy` resolves the upstream's host afresh for each tunnel: an upstream whose name
/// moves to another address is followed by the next tunnel, with no restart. The name's address
/// comes from an /etc/hosts of the test's, bound over the real one in a mount namespace of the
/// proxy's own, so no DNS is involved; where no such namespace can be made (no privilege for
/// it), the test does not run.
@Suite(.enabled(if: canMountHosts, "needs unshare -m and mount --bind"))
struct ProxyTunnelDNSTests {
    static let name = "upstream.apicheck.test"

    @Test(.timeLimit(.minutes(1))) func eachTunnelReachesTheAddressTheNameHasNow() async throws {
        let first = try EventUpstream(address: "127.0.0.1", port: 0, says: "first")
        defer { first.stop() }
        let second = try EventUpstream(address: "127.0.0.2", port: first.port, says: "second")
        defer { second.stop() }
        let folder = try TemporaryFolder("proxy-tunnel-dns")
        defer { folder.remove() }
        let hosts = folder.appendingPathComponent("hosts")
        try Self.point(hosts, at: "127.0.0.1")

        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let errFile = open(errURL.path, O_WRONLY | O_CLOEXEC)
        defer { close(errFile) }
        let pid = try Spawn.start(
            "/usr/bin/unshare",
            [
                "-m", "/bin/sh", "-c", #"mount --bind "$0" /etc/hosts && exec "$@""#, hosts.path, binary.path, "proxy", "--port", "0",
                "--upstream", "http://\(Self.name):\(first.port)/Api/",
            ], environment: ProcessInfo.processInfo.environment, directory: RepositoryPaths.root.path, stderr: errFile)
        defer {
            kill(pid, SIGKILL)
            _ = try? Spawn.wait(pid)
        }
        var port: Int?
        while port == nil {
            let text = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            port = text.firstMatch(of: /proxying http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
            if port == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let proxy = try #require(port)

        #expect(try Self.events(through: proxy).contains("data: first"))
        // The name moves; the proxy is not told.
        try Self.point(hosts, at: "127.0.0.2")
        let moved = try Self.events(through: proxy)
        #expect(moved.contains("data: second"), "the second tunnel went where the name pointed before: \(moved)")
    }

    /// Rewrites the file in place: a bind mount shows the file's inode, which a rename would leave behind.
    static func point(_ hosts: URL, at address: String) throws {
        if !FileManager.default.fileExists(atPath: hosts.path) { _ = FileManager.default.createFile(atPath: hosts.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: hosts)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("127.0.0.1 localhost\n\(address) \(name)\n".utf8))
    }

    /// An event stream asked through the proxy: a tunnel of its own to the upstream.
    static func events(through port: Int) throws -> String {
        let connection = try RawConnection(port: port, readTimeout: 30)
        _ = connection.send("GET /Api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        return String(decoding: connection.readUntilClosed() ?? Data(), as: UTF8.self)
    }
}

/// Whether this process may make a mount namespace and bind a file in it.
private let canMountHosts =
    (try? Spawn.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", "mount --bind /etc/hosts /etc/hosts"], environment: [:])) == 0

/// An upstream at one loopback address that answers every request with a one-event stream
/// naming it, then closes.
private final class EventUpstream: Sendable {
    private let listener: LoopbackListener
    var port: Int { listener.port }

    init(address: String, port: Int, says name: String) throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: \(name)\n\n".utf8)
        listener = try LoopbackListener(address: address, port: port) { connection in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var head: [UInt8] = []
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                head += buffer[..<count]
            }
            answer.withUnsafeBytes { _ = send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(connection)
        }
    }

    func stop() {
        listener.stop()
    }
}
