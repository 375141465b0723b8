import Foundation

/// Where one report goes on disk. A new or regular file is replaced atomically (CI never reads
/// half a JUnit file); a device, a FIFO or `/dev/stdout` is written through, never replaced; a
/// symbolic link is followed to what it names.
struct ReportFile {
    private enum Kind { case absent, regular, directory, special, standardOutput, standardError }

    /// The path as given, for messages and for writing through.
    let path: String
    private let kind: Kind
    /// Where an atomic write lands: the real file behind any links.
    private let realPath: String

    init(_ file: String, relativeTo directory: URL) {
        path = URL(fileURLWithPath: file, relativeTo: directory).standardizedFileURL.path
        var status = stat()
        // stat follows links, so the kind is that of what the path finally names.
        if stat(path, &status) == 0 {
            // `/dev/stdout` redirected to a file stats as that file: replacing it would wipe what
            // the shell (or an earlier report) wrote there. Write through the descriptor instead.
            var out = stat(), err = stat()
            if fstat(1, &out) == 0, out.st_dev == status.st_dev, out.st_ino == status.st_ino {
                kind = .standardOutput
            } else if fstat(2, &err) == 0, err.st_dev == status.st_dev, err.st_ino == status.st_ino {
                kind = .standardError
            } else {
                switch status.st_mode & S_IFMT {
                case S_IFREG: kind = .regular
                case S_IFDIR: kind = .directory
                default: kind = .special
                }
            }
        } else {
            kind = .absent
        }
        realPath = kind == .regular ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : Self.danglingTarget(of: path)
    }

    /// A link to a file not yet written names the file to create.
    private static func danglingTarget(of path: String) -> String {
        var path = path
        for _ in 0..<16 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { break }
            path =
                destination.hasPrefix("/")
                ? destination
                : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return path
    }

    private var folder: String { (realPath as NSString).deletingLastPathComponent }

    /// Why the report cannot be written, checked before the run; nil when it looks writable.
    var problem: String? {
        switch kind {
        case .directory:
            return "\(path) is a folder"
        case .standardOutput, .standardError:
            return nil
        case .regular, .special:
            return FileManager.default.isWritableFile(atPath: path) ? nil : "\(path) is not writable"
        case .absent:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                return "no folder \(folder)"
            }
            return FileManager.default.isWritableFile(atPath: folder) ? nil : "\(folder) is not writable"
        }
    }

    func write(_ text: String) throws {
        let data = Data(text.utf8)
        switch kind {
        // Through the process's own streams: one closed at start is held by /dev/null, and
        // writing through it would lose the report without a word.
        case .standardOutput: try StandardStream.output.write(text); return
        case .standardError: try StandardStream.error.write(text); return
        default: break
        }
        if kind == .absent || (kind == .regular && FileManager.default.isWritableFile(atPath: folder)) {
            try data.write(to: URL(fileURLWithPath: realPath), options: .atomic)
            return
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        // Devices cannot be truncated; a regular file in a read-only folder can.
        if kind == .regular { try handle.truncate(atOffset: 0) }
        try handle.write(contentsOf: data)
    }
}
