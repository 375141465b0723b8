import APICheck
import Foundation
import TestSupport
import Testing

/// What a person typed comes back in usage errors escaped: no escape sequence reaches the
/// terminal, and no value starts a line of its own (a line starting `::error` is a GitHub
/// Actions workflow command).
@Suite struct UsageErrorEscapingTests {
    @Test(arguments: [
        ["\u{1B}[31mfoo"],
        ["live", "--frob\u{1B}[1m"],
        ["live", "--env", "x\n::error::pwned"],
        ["live", "--concurrency", "\u{1B}[2J"],
        ["live", "--probes", "token-expired\u{7}"],
        ["serve", "--scenario", "a=b\n::warning::x"],
    ])
    func aUsageErrorPrintsWhatWasTypedEscaped(arguments: [String]) async {
        let result = await LiveHarness.cli(arguments)
        #expect(result.code == 2, "\(result.err)")
        #expect(!result.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.err)")
        #expect(!result.err.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(result.err)")
        #expect(result.err.contains("\\u{"), "the value is shown, escaped: \(result.err)")
    }

    /// A command's failure quotes a path or value as typed, newline and all: escaped the same way.
    @Test(arguments: [
        ["mocks", "--mocks", "/nonexistent/a\n::error::b"],
        ["merge", "/nonexistent/a\n::error::b.json"],
        ["import-har", "/nonexistent/a\u{1B}[2J\n::error::b.har"],
        ["openapi", "--output", "/nonexistent/a\n::error::b/openapi.json"],
    ])
    func aFailurePrintsThePathItNamesEscaped(arguments: [String]) async {
        let result = await LiveHarness.cli(arguments)
        #expect(result.code == 2, "\(result.err)")
        #expect(!result.err.unicodeScalars.contains { $0.value == 0x1B }, "\(result.err)")
        #expect(!result.err.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("::") }, "\(result.err)")
        #expect(result.err.contains("\\u{A}"), "the path is shown, escaped: \(result.err)")
    }
}
