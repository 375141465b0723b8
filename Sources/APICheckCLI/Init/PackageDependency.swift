import APICheck
import Foundation

/// Where a package made by `apicheck init` gets apicheck from: a checkout by path (by default the
/// one this tool was built from), or a git URL.
struct PackageDependency: Equatable {
    enum Source: Equatable {
        case path(String)
        case url(String)
    }

    var source: Source

    /// A URL (`https://…`, `ssh://…`, `git@host:…`, `file://…`) is cloned; anything else is a
    /// folder, made absolute from the working directory so the new package can be anywhere.
    init(_ text: String, workingDirectory: URL) {
        if text.contains("://") || text.hasPrefix("git@") {
            source = .url(text)
        } else {
            source = .path(URL(fileURLWithPath: text, relativeTo: workingDirectory).standardizedFileURL.path)
        }
    }

    /// The checkout this tool's sources were compiled from, while it is still there: the folder
    /// that holds the `Sources` this file is in, whatever the depth of the module's folders. Only
    /// that folder: a package above it (one whose `.build/checkouts` holds this one) is not it.
    static func buildCheckout() -> PackageDependency? {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.lastPathComponent != "Sources" {
            guard folder.path != "/" else { return nil }
            folder = folder.deletingLastPathComponent()
        }
        let root = folder.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else { return nil }
        return PackageDependency(root.path, workingDirectory: root)
    }

    /// How SwiftPM names the dependency in `.product(name:package:)`: the last component of its
    /// path or URL, without `.git`. A clone's folder name is the package's name, whatever it is.
    var identity: String {
        let text: String
        switch source {
        case let .path(path): text = path
        case let .url(url): text = url
        }
        let last = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? text
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    /// The line in `dependencies:`. A URL follows its main branch: there are no releases to pin yet.
    var manifestEntry: String {
        switch source {
        case let .path(path): ".package(path: \(Self.swiftLiteral(path)))"
        case let .url(url): ".package(url: \(Self.swiftLiteral(url)), branch: \"main\")"
        }
    }

    /// `--dependency` as given, else the checkout this tool was built from: what `init` and
    /// `import-openapi` write their package's dependency on.
    static func chosen(_ given: String?, context: CommandContext) throws(UsageError) -> PackageDependency {
        if let given { return PackageDependency(given, workingDirectory: context.workingDirectory) }
        guard let checkout = buildCheckout() else {
            throw UsageError("the checkout this tool was built from is gone: give --dependency PATH_OR_URL")
        }
        return checkout
    }

    /// A Swift string literal of any text (`SwiftName.literal`).
    static func swiftLiteral(_ text: String) -> String { SwiftName.literal(text) }
}
