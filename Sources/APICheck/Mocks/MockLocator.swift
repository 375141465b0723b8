import Foundation

/// Finds a package's mocks folder the way its user expects when no folder is named: `./mocks`;
/// else the `mocks/` of the package the current directory is in (the first folder above holding
/// `Package.swift`); else the `mocks/` of the package the API was declared in (walking up
/// from `API.declaredIn`), so the tool works from any directory.
public enum MockLocator {
    public struct Location: Sendable, Equatable {
        /// The folder found, or nil.
        public var url: URL?
        /// How it was found, or where it was looked for: for messages.
        public var explanation: String
    }

    public static func locate(folder: String = "mocks", workingDirectory: URL, declaredIn: String?) -> Location {
        let working = workingDirectory.standardizedFileURL
        if let found = packageMocks(folder, from: working) {
            return Location(
                url: found,
                explanation: found.deletingLastPathComponent().path == working.path
                    ? "./\(folder)" : "the \(folder)/ of the package above the current directory")
        }
        var looked = ["./\(folder) and the packages above \(working.path)"]
        if let declaredIn {
            let start = URL(fileURLWithPath: declaredIn).deletingLastPathComponent().standardizedFileURL
            if let found = packageMocks(folder, from: start) {
                return Location(url: found, explanation: "the \(folder)/ of the package the API is declared in")
            }
            looked.append("the package the API is declared in (\(declaredIn))")
        }
        return Location(url: nil, explanation: "no \(folder) folder in " + looked.joined(separator: ", nor in "))
    }

    /// `folder` in `start` itself, or in the nearest folder above it that holds `Package.swift`
    /// (the package root), and nowhere in between: on a case-insensitive disk `Sources/X/Mocks`
    /// would pass for `mocks`, and a `mocks/` above the package belongs to something else.
    static func packageMocks(_ folder: String, from start: URL) -> URL? {
        if isDirectory(start.appendingPathComponent(folder, isDirectory: true)) {
            return start.appendingPathComponent(folder, isDirectory: true)
        }
        var directory = start
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let candidate = directory.appendingPathComponent(folder, isDirectory: true)
                return isDirectory(candidate) ? candidate : nil
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path || directory.path == "/" { return nil }
            directory = parent
        }
    }

    /// The nearest `folder` at or above `start`, package or not (tests locating their fixtures).
    static func nearest(_ folder: String, above start: URL) -> URL? {
        var directory = start
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(folder)
            if isDirectory(candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    public static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
