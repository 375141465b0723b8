import Foundation

extension Data {
    /// The data gzipped by the system's gzip: a real compressor's bytes, not ours.
    public func gzipped() throws -> Data { try compressed(as: "gzip") }

    /// The data in a content coding (`gzip`, `br`, `zstd`), made by that coding's own command
    /// line tool: a real compressor's bytes, not ours.
    public func compressed(as coding: String) throws -> Data {
        let folder = try TemporaryFolder("compressed")
        defer { folder.remove() }
        let file = folder.appendingPathComponent("body")
        try write(to: file)
        switch coding {
        case "gzip": _ = try Shell.run("/bin/gzip", ["-n", file.path])
        case "br": _ = try Shell.run("/usr/bin/brotli", ["-o", file.path + ".out", file.path])
        case "zstd": _ = try Shell.run("/usr/bin/zstd", ["-q", "-o", file.path + ".out", file.path])
        default: throw CocoaError(.featureUnsupported)
        }
        return try Data(contentsOf: URL(fileURLWithPath: file.path + (coding == "gzip" ? ".gz" : ".out")))
    }
}
