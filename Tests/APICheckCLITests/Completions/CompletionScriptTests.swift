@testable import APICheckCLI
import Contracts
import Foundation
import TestSupport
import Testing

/// `apicheck completion bash` loaded in bash: what its completion function offers for a command
/// line, with the built binary answering `__complete` as it does in a shell. Bash's own splitting
/// of the line at `=` is reproduced in `COMP_WORDS`.
@Suite struct CompletionScriptTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var offered: [String]
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "apicheck l", offered: ["list", "live"]),
        Case(line: "apicheck --v", offered: ["--version"]),
        Case(line: "apicheck help se", offered: ["serve"]),
        Case(line: "apicheck live --on", offered: ["--only"]),
        Case(line: "apicheck live --only stat", offered: ["statuses.homeTimeline", "statuses.show"]),
        Case(
            line: "apicheck live --only account.login,stat",
            offered: ["account.login,statuses.homeTimeline", "account.login,statuses.show"]),
        Case(line: "apicheck live --only=us", offered: ["users.show"]),
        Case(line: "apicheck record --only topics.u", offered: ["topics.unlike"]),
        Case(line: "apicheck serve --scenario statuses.show=n", offered: ["not_found"]),
        // Bash replaces the lone `=` it counts as the word: the candidates keep it.
        Case(line: "apicheck serve --scenario statuses.show=", offered: ["=expired", "=logout", "=not_found"]),
        Case(line: "apicheck live --env ", offered: ["local", "staging"]),
        Case(line: "apicheck live --report j", offered: ["json", "junit"]),
        Case(line: "apicheck completion z", offered: ["zsh"]),
        Case(line: "apicheck init x --template p", offered: ["plain"]),
        Case(line: "apicheck import-har Package.s", offered: ["Package.swift"]),
        Case(line: "apicheck import-openapi Package.s", offered: ["Package.swift"]),
        Case(line: "apicheck import-openapi x --out", offered: ["--output"]),
        Case(line: "apicheck live --timeout ", offered: []),
        Case(line: "apicheck list --h", offered: ["--help"]),
    ]

    /// The words bash makes of a line: split at blanks, and each `=` or `:` a word of its own.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        for blankSeparated in line.split(separator: " ", omittingEmptySubsequences: true) {
            var current = ""
            for character in blankSeparated {
                if character == "=" || character == ":" {
                    if !current.isEmpty { words.append(current) }
                    words.append(String(character))
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { words.append(current) }
        }
        if line.hasSuffix(" ") { words.append("") }
        return words
    }

    @Test(arguments: cases)
    func bashOffers(_ example: Case) async throws {
        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let (console, captured) = Console.capturing()
        #expect(await APICheckTool(api: Demo.api).run(["completion", "bash"], console: console, environment: [:]) == 0)
        let folder = try TemporaryFolder("completion")
        defer { folder.remove() }
        let script = folder.appendingPathComponent("apicheck.bash")
        try Data(captured.out.utf8).write(to: script)
        var words = Self.words(example.line)
        words[0] = binary.path
        let driver = """
            cd "$1" && source "$2" && COMP_LINE=$3 && COMP_POINT=${#COMP_LINE} && COMP_WORDS=("${@:4}") \
            && COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )) && _apicheck && printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Shell.run("/bin/bash", ["-c", driver, "bash", RepositoryPaths.root.path, script.path, example.line] + words)
        let offered = result.out.split(separator: "\n").map(String.init).sorted()
        #expect(offered == example.offered, "\(result.err)")
    }

    /// The zsh and fish scripts parse, and name every command and option the bash one does.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func zshAndFishScriptsParse() async throws {
        let folder = try TemporaryFolder("completion-shells")
        defer { folder.remove() }
        for (shell, path) in [("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
            let (console, captured) = Console.capturing()
            #expect(await APICheckTool(api: Demo.api).run(["completion", shell], console: console, environment: [:]) == 0)
            let script = folder.appendingPathComponent("apicheck.\(shell)")
            try Data(captured.out.utf8).write(to: script)
            let check = try Shell.run(path, ["-n", script.path], check: false)
            #expect(check.status == 0, "\(shell): \(check.err)")
            for option in ["--only", "--scenario", "--template", "--base-url"] {
                let name = String(option.dropFirst(2))
                #expect(captured.out.contains(option) || captured.out.contains("-l \(name) "), "\(shell) lacks \(option)")
            }
            #expect(captured.out.contains("__complete"))
        }
    }

    static let shellCases: [Case] = [
        Case(line: "apicheck l", offered: ["list", "live"]),
        Case(line: "apicheck live --only stat", offered: ["statuses.homeTimeline", "statuses.show"]),
        Case(
            line: "apicheck live --only account.login,stat",
            offered: ["account.login,statuses.homeTimeline", "account.login,statuses.show"]),
        Case(
            line: "apicheck serve --scenario statuses.show=",
            offered: ["statuses.show=expired", "statuses.show=logout", "statuses.show=not_found"]),
        Case(line: "apicheck live --env ", offered: ["local", "staging"]),
        Case(line: "apicheck init x --template ", offered: ["enveloped", "plain"]),
        Case(line: "apicheck completion ", offered: ["bash", "fish", "zsh"]),
    ]

    func harness(_ shell: String, in folder: TemporaryFolder) async throws -> ShellCompletionHarness {
        let binary = try #require(BinaryTests.binary, "build the executable first: swift build")
        let (console, captured) = Console.capturing()
        #expect(await APICheckTool(api: Demo.api).run(["completion", shell], console: console, environment: [:]) == 0)
        let script = folder.appendingPathComponent("apicheck.\(shell)")
        try Data(captured.out.utf8).write(to: script)
        return ShellCompletionHarness(script: script, binary: binary)
    }

    /// fish completes a line itself with `complete -C`, the script's functions and the binary's
    /// `__complete` included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")), arguments: shellCases)
    func fishOffers(_ example: Case) async throws {
        let folder = try TemporaryFolder("completion-fish")
        defer { folder.remove() }
        #expect(try await harness("fish", in: folder).fish(example.line) == example.offered)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")), arguments: shellCases)
    func zshOffers(_ example: Case) async throws {
        let folder = try TemporaryFolder("completion-zsh")
        defer { folder.remove() }
        #expect(try await harness("zsh", in: folder).zsh(example.line) == example.offered)
    }

    @Test func theHiddenCommandIsNotOffered() async {
        let (console, captured) = Console.capturing()
        _ = await APICheckTool(api: Demo.api).run(["completion", "bash"], console: console, environment: [:])
        #expect(!captured.out.contains("\"__complete "))
        #expect(!captured.out.contains(" __complete\""))
        #expect(captured.out.contains("import-har"))
    }

    @Test func completeListsTheDeclaredNames() async {
        let (console, captured) = Console.capturing()
        #expect(await APICheckTool(api: Demo.api).run(["__complete", "scenarios"], console: console, environment: [:]) == 0)
        let lines = captured.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("account.login=wrong_password"))
        #expect(lines.contains("statuses.show=expired"))
        #expect(lines.contains("topics.list=bad_page"))
        #expect(!lines.contains { $0.hasPrefix("config.main=") })
        let unknown = await APICheckTool(api: Demo.api).run(["__complete", "nope"], console: Console.capturing().0, environment: [:])
        #expect(unknown == 2)
    }
}
