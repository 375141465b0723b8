import Foundation
import TestSupport

/// `openssl s_server -www` on 127.0.0.1, any free port, requiring a client certificate signed by
/// the fixtures' CA: a TLS server that refuses the handshake itself (libmicrohttpd only asks for
/// client certificates). Needs the `openssl` command (ci/bootstrap installs it).
final class OpenSSLServer: @unchecked Sendable {
    private let process = Process()
    let port: Int

    /// `tls13Only`: `-tls1_3`, where the refusal comes after the handshake, with the request.
    init(tls13Only: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "s_server", "-accept", "127.0.0.1:0", "-www", "-Verify", "1",
                             "-cert", TLSFixtures.path("server.pem"), "-key", TLSFixtures.path("server.key"),
                             "-CAfile", TLSFixtures.ca] + (tls13Only ? ["-tls1_3"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // It prints "ACCEPT 127.0.0.1:PORT" once it listens.
        var seen = ""
        var port: Int?
        while port == nil {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(output.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
            if count <= 0 { break }
            seen += String(decoding: buffer.prefix(count), as: UTF8.self)
            if let range = seen.range(of: #"ACCEPT 127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                port = Int(seen[range].split(separator: ":").last!)
            }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "openssl s_server did not start: \(seen)"])
        }
        self.port = port
        // Keep draining its log so that it never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    var url: URL { URL(string: "https://127.0.0.1:\(port)/")! }

    /// SIGKILL: s_server does not stop on SIGTERM.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
