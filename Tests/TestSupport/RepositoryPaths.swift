import Foundation

/// The repository's own folders, found once from this file's place in the tree
/// (`Tests/TestSupport/`), so every test target reads the same `mocks/`, `docs/` and golden
/// files whatever the working directory.
public enum RepositoryPaths {
    /// The folder holding `Package.swift`.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The demo API's shipped mocks.
    public static let mocks = root.appendingPathComponent("mocks", isDirectory: true)
    public static let docs = root.appendingPathComponent("docs", isDirectory: true)
    /// The reports' golden files.
    public static let golden = root.appendingPathComponent("Tests/APICheckTests/Golden", isDirectory: true)
    /// `apicheck` as `swift build` leaves it in the debug build folder.
    public static let debugBinary = root.appendingPathComponent(".build/debug/apicheck")
}
