import Foundation

/// The list of files `import-openapi` wrote into a package, kept in the package
/// (`.apicheck-import`, one relative path a line), so that importing a newer document with
/// `--force` removes the files of schemas, tags and operations it no longer has: a stale type
/// that names a removed one would stop the build, a stale mock is an orphan. Files not on the list
/// (the user's own) are never touched.
struct ImportManifest {
    static let path = ".apicheck-import"
    /// The document the package was made from, in OpenAPI 3 form, for `--check` to compare with.
    static let documentPath = ".apicheck-import.openapi.json"

    let folder: URL

    /// The paths the previous import wrote; none when there was none.
    func previous() -> [String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.path), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The manifest's own file, listing `paths`.
    static func file(listing paths: [String]) -> PackageFiles.File {
        PackageFiles.File(path: path, text: "# Written by apicheck import-openapi: the files it rewrites with --force.\n"
            + paths.joined(separator: "\n") + "\n")
    }

    /// Removes what the previous import wrote and this one did not; returns the paths removed.
    /// Only plain relative paths inside the folder are removed, whatever the list says.
    func removeStale(keeping current: Set<String>, previous: [String]) -> [String] {
        var removed: [String] = []
        for path in previous where !current.contains(path) {
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { continue }
            let url = folder.appendingPathComponent(path)
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(path) }
        }
        return removed
    }
}
