import APICheck
import Foundation

/// The list of files `import-openapi` wrote into a package, kept in the package
/// (`.apicheck-import`, one relative path a line, a tab, and a digest of the text written), so
/// that importing a newer document with `--force` removes the files of schemas, tags and
/// operations it no longer has (a stale type that names a removed one would stop the build, a
/// stale mock is an orphan), and refuses to replace or remove one that was edited since: its
/// digest no longer matches. Files not on the list (the user's own) are never touched.
struct ImportManifest {
    static let path = ".apicheck-import"
    /// The document the package was made from, in OpenAPI 3 form, for `--check` to compare with.
    static let documentPath = ".apicheck-import.openapi.json"

    struct Entry: Equatable {
        var path: String
        /// Nil in a list written before digests were kept: such a file's edits cannot be told.
        var digest: String?
    }

    let folder: URL

    /// What the previous import wrote; nothing when there was none.
    func previous() -> [Entry] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.path), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return Entry(path: parts[0], digest: parts.count > 1 ? parts[1] : nil)
        }
    }

    /// The files the previous import wrote that were changed since (or whose text cannot be
    /// read); a file gone is not edited.
    func edited(_ entries: [Entry]) -> [String] {
        entries.compactMap { entry in
            guard let digest = entry.digest, Self.isPlain(entry.path) else { return nil }
            let url = folder.appendingPathComponent(entry.path)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            guard let data = try? Data(contentsOf: url) else { return entry.path }
            return Self.digest(data) == digest ? nil : entry.path
        }
    }

    /// The manifest's own file, listing `files` with their digests.
    static func file(listing files: [PackageFiles.File]) -> PackageFiles.File {
        PackageFiles.File(
            path: path,
            text: "# Written by apicheck import-openapi: the files it rewrites with --force, each with a digest of its text.\n"
                + files.map { "\($0.path)\t\(digest(Data($0.text.utf8)))" }.joined(separator: "\n") + "\n")
    }

    /// The digest the made-up mocks' list keeps too: enough to tell an edited file from the one
    /// written.
    static func digest(_ data: Data) -> String { MadeUpMocks.digest(data) }

    /// Removes what the previous import wrote and this one did not; returns the paths removed.
    /// Only plain relative paths inside the folder are removed, whatever the list says.
    func removeStale(keeping current: Set<String>, previous: [Entry]) -> [String] {
        var removed: [String] = []
        for entry in previous where !current.contains(entry.path) && Self.isPlain(entry.path) {
            let url = folder.appendingPathComponent(entry.path)
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(entry.path) }
        }
        return removed
    }

    /// Whether the import wrote the file as a mock (`mocks/…`), data a run may record over.
    static func isMock(_ path: String) -> Bool {
        path.hasPrefix("mocks/")
    }

    private static func isPlain(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }
}
