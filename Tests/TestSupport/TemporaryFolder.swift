import Foundation

/// A fresh folder under the system's temporary directory; `remove()` it in a `defer`.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// `prefix` names the test in the folder's name, so a folder left behind says who left it.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func appendingPathComponent(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}
