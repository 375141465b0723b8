import APICheck
import Foundation

/// How `record` and `import-har` print what became of each mock file, and the one-line count.
struct MockWriteListing {
    let context: CommandContext
    let directory: URL
    let dryRun: Bool

    func print(_ files: [MockWriteResult]) {
        let console = context.console
        context.note("mocks folder \(directory.path)\(dryRun ? " (dry run: nothing is written)" : "")")
        for file in files { console.out(file.lines.map(Self.printable).joined(separator: "\n")) }
        var counts: [String] = []
        for action in [MockWriteResult.Action.created, .updated, .unchanged, .refused, .failed] {
            let count = files.filter { $0.action == action }.count
            if count > 0 || action != .failed { counts.append("\(count) \(action.rawValue)") }
        }
        console.out("\(files.count) files: " + counts.joined(separator: ", ") + (dryRun ? " (dry run: nothing written)" : ""))
    }

    /// Server text (a failure message, a key) as a terminal may show it: every unsafe character
    /// escaped by `DisplayText`, so an answer cannot move the cursor, recolour the screen or
    /// reorder what is shown.
    static func printable(_ line: String) -> String {
        DisplayText.escaped(line)
    }
}
