import Foundation
import PackagePlugin

/// Stamps the commit a build is made from into the target (`BuildStamp.commit`), for
/// `apicheck version`. A build tool plugin of this package, so it needs no outside dependency and
/// runs offline; packages that depend on this one run it too, on this package's checkout.
///
/// `stamp.sh` (git through /bin/sh) does the work. It runs again when HEAD moves or the index or a
/// source file changes: its inputs are the checkout's HEAD, its reflog and index, and every
/// source file of the package. A prebuild command would run on every build, but SwiftPM only
/// re-plans (and so runs it) when sources change, so a new commit alone would keep the old stamp.
@main struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "Sources/CommitStamp/stamp.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildStamp.swift")
        var inputs = [script]
        if let git = Self.gitDirectory(of: root) {
            inputs += ["HEAD", "logs/HEAD", "index"].map { git.appending(path: $0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        for module in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
            inputs += module.sourceFiles.map(\.url)
        }
        return [
            .buildCommand(
                displayName: "Stamping the commit into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, root.path, output.path],
                inputFiles: inputs, outputFiles: [output])
        ]
    }

    /// `.git` is a folder in a clone and a file naming the folder in a worktree.
    static func gitDirectory(of root: URL) -> URL? {
        let dotGit = root.appending(path: ".git")
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8) else {
            return FileManager.default.fileExists(atPath: dotGit.path) ? dotGit : nil
        }
        guard text.hasPrefix("gitdir:") else { return nil }
        let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
    }
}
