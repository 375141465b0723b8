import Foundation

/// Writes a package's files into a folder: a folder that does not exist is made; one that holds
/// anything is refused unless forced, and then only the package's own files are replaced, the
/// others left as they are. Each file is written whole (a temporary file renamed over it).
struct PackageWriter {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case notEmpty(path: String, entries: [String])
        case notAFolder(path: String)
        case cannotWrite(path: String, reason: String)

        var description: String {
            switch self {
            case let .notEmpty(path, entries):
                let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", ..." : "")
                return "\(path) is not empty (\(shown)); give --force to write the package's files into it anyway"
            case let .notAFolder(path):
                return "\(path) is a file, not a folder"
            case let .cannotWrite(path, reason):
                return "cannot write \(path): \(reason)"
            }
        }
    }

    let folder: URL
    let force: Bool

    /// The paths written, relative to the folder, in the order given.
    @discardableResult
    func write(_ files: [PackageFiles.File]) throws(Failure) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notAFolder(path: folder.path) }
            let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            if !entries.isEmpty, !force { throw .notEmpty(path: folder.path, entries: entries) }
        }
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Written whole as `.atomic` would, without its fsync per file: a large document
                // makes a thousand files, and on a busy disk the syncs were most of an import's
                // time. A crash leaves no half-written file, at worst an older one; the import is
                // run again.
                let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
                let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { throw Self.posixError() }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                do {
                    try handle.write(contentsOf: Data(file.text.utf8))
                    try handle.close()
                } catch {
                    try? manager.removeItem(at: temporary)
                    throw error
                }
                guard rename(temporary.path, url.path) == 0 else {
                    let error = Self.posixError()
                    try? manager.removeItem(at: temporary)
                    throw error
                }
            } catch {
                throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
            }
        }
        return files.map(\.path)
    }

    /// The last system call's failure, its message the system's.
    private static func posixError() -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
    }
}
