import Foundation
import Testing
import TestSupport

/// `ci/docs_links.py`, which `ci/docs-check` runs over README.md and docs/: over a repository of
/// its own making, every kind of broken relative link is named by file and line, and good ones pass.
@Suite struct DocsLinksScriptTests {
    static let script = RepositoryPaths.root.appendingPathComponent("ci/docs_links.py").path

    /// Writes `files` (path → text) into a new folder and runs the script over it.
    func check(_ files: [String: String]) throws -> (status: Int32, err: String) {
        let folder = try TemporaryFolder("docs-links")
        defer { folder.remove() }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try Shell.run("/usr/bin/env", ["python3", Self.script, folder.url.path], check: false)
        return (result.status, result.err)
    }

    static let pages = [
        "README.md": "# Tool\n\nSee [the guide](docs/guide.md#set-up) and [its code](src/main.c).\n",
        "docs/guide.md": "# Guide\n\n## Set-up\n\n## Set-up\n\nBack to [the front](../README.md), "
            + "[the second set-up](#set-up-1), [`serve`](serve.md#apicheck-serve-the-mocks).\n",
        "docs/serve.md": "# `apicheck serve`: the mocks\n\n```\n[not a link](nowhere.md)\n```\n",
        "src/main.c": "int main(void) { return 0; }\n",
    ]

    @Test func linksToFilesAndHeadingsThatExistPass() throws {
        let result = try check(Self.pages)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("5 links in 3 Markdown files, 0 broken"), "\(result.err)")
    }

    @Test func aLinkToAHeadingThatIsNotThereIsBroken() throws {
        var pages = Self.pages
        pages["docs/guide.md"]! += "Also [gone](serve.md#routes).\n"
        let result = try check(pages)
        #expect(result.status == 1)
        #expect(result.err.contains("docs/guide.md:8: serve.md#routes (no heading with that anchor in docs/serve.md)"), "\(result.err)")
    }

    @Test func aLinkToAFileThatIsNotThereIsBroken() throws {
        var pages = Self.pages
        pages["README.md"]! += "[Changes](CHANGELOG.md)\n"
        let result = try check(pages)
        #expect(result.status == 1)
        #expect(result.err.contains("README.md:4: CHANGELOG.md (no such file)"), "\(result.err)")
    }

    @Test func aLinkOutOfTheRepositoryIsBrokenEvenWhenItsTargetExists() throws {
        var pages = Self.pages
        pages["docs/guide.md"]! += "[design](../../shared/DESIGN.md)\n"
        let result = try check(pages)
        #expect(result.status == 1)
        #expect(result.err.contains("docs/guide.md:8: ../../shared/DESIGN.md (points outside the repository)"), "\(result.err)")
    }
}
