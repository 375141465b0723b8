import Foundation
import TestSupport

/// `openssl s_server -www` on 127.0.0.1, any free port, requiring a client certificate signed by
/// the fixtures' CA: a TLS server that refuses the handshake itself (libmicrohttpd only asks for
/// client certificates). Needs the `openssl` command (ci/bootstrap installs it).
final class OpenSSLServer: @unchecked Sendable {
    /// Started through `Spawn`, not `Process` (see `Spawn`).
    private let pid: pid_t
    private let output: FileHandle
    let port: Int

    /// `tls13Only`: `-tls1_3`, where the refusal comes after the handshake, with the request.
    init(tls13Only: Bool = false) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Spawn.Failure(description: "cannot make a pipe for openssl s_server") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        pid = try Spawn.start(
            "/usr/bin/env",
            [
                "openssl", "s_server", "-accept", "127.0.0.1:0", "-www", "-Verify", "1",
                "-cert", TLSFixtures.path("server.pem"), "-key", TLSFixtures.path("server.key"),
                "-CAfile", TLSFixtures.ca,
            ] + (tls13Only ? ["-tls1_3"] : []),
            environment: ProcessInfo.processInfo.environment, stdout: ends[1], stderr: ends[1])
        close(ends[1])
        output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        // It prints "ACCEPT 127.0.0.1:PORT" once it listens.
        var seen = ""
        var port: Int?
        while port == nil {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(output.fileDescriptor, &buffer, buffer.count)
            if count <= 0 { break }
            seen += String(decoding: buffer.prefix(count), as: UTF8.self)
            if let range = seen.range(of: #"ACCEPT 127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                port = Int(seen[range].split(separator: ":").last!)
            }
        }
        guard let port else {
            kill(pid, SIGKILL)
            _ = try? Spawn.wait(pid)
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "openssl s_server did not start: \(seen)"])
        }
        self.port = port
        // Keep draining its log so that it never blocks on a full pipe.
        output.readabilityHandler = { handle in _ = handle.availableData }
    }

    var url: URL { URL(string: "https://127.0.0.1:\(port)/")! }

    /// SIGKILL: s_server does not stop on SIGTERM.
    func stop() {
        kill(pid, SIGKILL)
        output.readabilityHandler = nil
        _ = try? Spawn.wait(pid)
    }
}
