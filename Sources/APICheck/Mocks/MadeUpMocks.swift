import Foundation

/// The success mocks `import-openapi` made from a schema because the document gives no example,
/// listed in the mocks folder's `.made-up` file with a digest of the text written. Such a mock
/// fills every optional field, so a correct server's answer lacks many of them: drift that only
/// says a made-up field is gone is information, not a stale mock. A mock whose text changed since
/// (recorded, edited) is the user's, and is judged as any other.
public struct MadeUpMocks: Sendable {
    public static let fileName = ".made-up"

    /// By mock file name (`pets.json`), the digest of the text the import wrote.
    private let digests: [String: String]

    /// The folder's list; none when it has no `.made-up` file.
    public init(folder: URL) {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.fileName), encoding: .utf8) else {
            digests = [:]
            return
        }
        var digests: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t")
            if parts.count == 2 { digests[String(parts[0])] = String(parts[1]) }
        }
        self.digests = digests
    }

    public var isEmpty: Bool { digests.isEmpty }

    /// Whether the file `name`, holding `data`, is as the import made it up.
    public func isMadeUp(_ name: String, data: Data) -> Bool {
        guard let digest = digests[name] else { return false }
        return Self.digest(data) == digest
    }

    /// The `.made-up` file's text listing `files` (name in the mocks folder, text written).
    public static func listing(_ files: [(name: String, text: String)]) -> String {
        "# Written by apicheck import-openapi: mocks made from the schema (the document gives no example), "
            + "each with a digest of its text. Drift that only says a made-up field is gone is information; "
            + "a mock recorded or edited since is judged as any other.\n"
            + files.map { "\($0.name)\t\(digest(Data($0.text.utf8)))" }.joined(separator: "\n") + "\n"
    }

    /// FNV-1a, 64 bits, in hex: enough to tell a changed file from the one written (it guards
    /// against a slip, not against anyone forging a file).
    public static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
