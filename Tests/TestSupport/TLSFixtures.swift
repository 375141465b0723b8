import Foundation
import HTTPServer

/// The certificates in Tests/TLSFixtures (made by its make.sh): a private CA, server certificates
/// for localhost and 127.0.0.1, for example.test only, and an expired one; a client certificate.
public enum TLSFixtures {
    public static let folder = RepositoryPaths.root.appendingPathComponent("Tests/TLSFixtures", isDirectory: true)

    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    public static var ca: String { path("ca.pem") }
    public static let keyPassphrase = "fixture-passphrase"

    /// An HTTPS server configuration with the named certificate (`server`, `other-host`, `expired`).
    public static func serverTLS(_ name: String = "server") throws -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.tls = try HTTPServerTLS(certificateFile: path("\(name).pem"), keyFile: path("\(name).key"))
        return configuration
    }
}
