import Foundation

extension Data {
    /// The data gzipped by the system's gzip: a real compressor's bytes, not ours.
    public func gzipped() throws -> Data {
        let folder = try TemporaryFolder("gzip")
        defer { folder.remove() }
        let file = folder.appendingPathComponent("body")
        try write(to: file)
        _ = try Shell.run("/bin/gzip", ["-n", file.path])
        return try Data(contentsOf: folder.appendingPathComponent("body.gz"))
    }
}
