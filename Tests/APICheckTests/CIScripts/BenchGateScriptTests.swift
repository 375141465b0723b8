import Foundation
import Testing
import TestSupport

/// `ci/bench_gate.py`, the verdict of `ci/bench` against the last release: over the pairs of
/// alternated runs (this build / the release), a command is slower only beyond 1 + 5% and the
/// pairs' own spread, judged on CPU time where it was measured.
@Suite struct BenchGateScriptTests {
    static let script = RepositoryPaths.root.appendingPathComponent("ci/bench_gate.py").path

    /// Runs the script over `text` as a bench output, with `flags` before the file.
    func gate(_ text: String, _ flags: [String] = []) throws -> String {
        let folder = try TemporaryFolder("bench-gate")
        defer { folder.remove() }
        let file = folder.appendingPathComponent("bench.txt")
        try ("gate-baseline: v0.1.0 (b815f79)\n" + text).write(to: file, atomically: true, encoding: .utf8)
        return try Shell.run("/usr/bin/env", ["python3", Self.script] + flags + [file.path]).out
    }

    func verdict(_ output: String) -> String {
        output.split(separator: "\n").first { $0.hasPrefix("=> release: ") }.map(String.init) ?? ""
    }

    @Test func aCommandSlowerBeyondTheSpreadIsNamed() throws {
        let output = try gate("gate: scale/list 2000 cpu 0.120/0.100,0.121/0.100,0.119/0.100\n")
        #expect(
            verdict(output) == "=> release: slower than v0.1.0 by more than 5% beyond the spread: scale/list at 2000 1.20x +/- 0.01 cpu")
    }

    @Test func aFasterCommandIsNotNamed() throws {
        let output = try gate("gate: scale/mocks 2000 cpu 0.080/0.100,0.081/0.100,0.079/0.100\n")
        #expect(verdict(output).hasPrefix("=> release: no command slower than v0.1.0 by more than 5%"), "\(output)")
        #expect(try gate("gate: scale/mocks 2000 cpu 0.080/0.100\n", ["--suspects"]).isEmpty)
    }

    @Test func aRatioOverFivePercentWithinItsSpreadIsNotNamedButIsASuspect() throws {
        // Pairs at 0.98x, 1.08x and 1.20x: a median of 1.08x, and half the range is 0.11.
        let text = "gate: replay - call 49/50,54/50,60/50\n"
        let output = try gate(text)
        #expect(verdict(output).hasPrefix("=> release: no command slower"), "\(output)")
        #expect(output.contains("within the spread"), "\(output)")
        #expect(try gate(text, ["--suspects"]) == "replay -\n")
    }

    @Test func cpuTimeIsJudgedNotTheWallTimeOfABusyMachine() throws {
        let output = try gate(
            "gate: scale/live 200 cpu 0.100/0.100,0.101/0.100,0.099/0.100\ngate: scale/live 200 wall 0.300/0.200,0.290/0.200,0.310/0.200\n")
        #expect(verdict(output).hasPrefix("=> release: no command slower"), "\(output)")
        #expect(output.contains("wall 1.50x"), "\(output)")
    }

    @Test func aReRunPoolsWithTheFirstRunsBeforeTheVerdict() throws {
        // One disturbed pair at 1.30x, then five more pairs at the release's speed.
        let first = "gate: scale/serve 20000 cpu 1.30/1.00\n"
        #expect(try gate(first, ["--suspects"]) == "scale/serve 20000\n")
        let rerun = first + "gate: scale/serve 20000 cpu 1.00/1.00,1.01/1.00,0.99/1.00,1.00/1.00,1.02/1.00\n"
        let output = try gate(rerun)
        #expect(verdict(output).hasPrefix("=> release: no command slower"), "\(output)")
    }
}
