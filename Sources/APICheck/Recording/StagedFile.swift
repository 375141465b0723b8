import Foundation

/// A file written for the staged audit of `record`: read once by the audit and removed with its
/// folder, so it is written plainly, not synced to disk. (`Data.write(to:)` syncs every file, a
/// wait on the disk per endpoint for a file nobody keeps.)
enum StagedFile {
    /// Writes `data` to a new file at `path`; false when it could not.
    static func save(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
