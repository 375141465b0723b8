import Foundation

/// Checks a PEM file before it is handed to libcurl, whose own complaint comes only at the first
/// handshake and names neither the file nor the problem. Messages name the file, never its content.
public enum PEMFile {
    public enum Content: Sendable {
        /// One or more certificates (a CA bundle, a client certificate).
        case certificates
        /// A private key.
        case privateKey
    }

    /// Larger than any real bundle (the system's is about 200 KiB); keeps a wrong path from
    /// reading a disk image into memory.
    static let maxBytes = 8 << 20

    /// Nil when `path` is a readable PEM file with the expected content; else what is wrong.
    public static func problem(at path: String, expecting content: Content) -> String? {
        guard let text = try? read(path) else {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "'\(path)' does not exist" }
            return isDirectory.boolValue ? "'\(path)' is a directory, not a PEM file" : "'\(path)' cannot be read"
        }
        switch content {
        case .certificates:
            if !containsCertificate(text) { return "'\(path)' holds no PEM certificate (-----BEGIN CERTIFICATE-----)" }
        case .privateKey:
            if !containsPrivateKey(text) { return "'\(path)' holds no PEM private key (-----BEGIN ... PRIVATE KEY-----)" }
        }
        return nil
    }

    /// Whether the PEM file at `path` holds a private key (a certificate file may carry its key).
    public static func holdsPrivateKey(_ path: String) -> Bool {
        (try? read(path)).map(containsPrivateKey) ?? false
    }

    /// Whether the key at `path` is encrypted, so that it needs a passphrase.
    public static func holdsEncryptedKey(_ path: String) -> Bool {
        guard let text = try? read(path) else { return false }
        return text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED")
    }

    private static func read(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maxBytes) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func containsCertificate(_ text: String) -> Bool {
        (text.contains("-----BEGIN CERTIFICATE-----") && text.contains("-----END CERTIFICATE-----"))
            || text.contains("-----BEGIN TRUSTED CERTIFICATE-----")
    }

    private static func containsPrivateKey(_ text: String) -> Bool {
        text.range(of: "-----BEGIN [A-Z ]*PRIVATE KEY-----", options: .regularExpression) != nil
    }
}
