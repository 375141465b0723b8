@testable import APICheckCLI
import APICheck
import Contracts
import Testing

/// `help COMMAND` is `COMMAND --help`; an unknown command or option suggests the closest declared
/// one, by edit distance, when one is a typo away.
@Suite struct CommandSuggestionTests {
    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api).run(arguments, console: console, environment: [:])
        return (code, captured.out, captured.err)
    }

    @Test(arguments: ["live", "serve", "init", "completion", "version"])
    func helpCommandIsCommandHelp(_ command: String) async {
        let alias = await run(["help", command]), option = await run([command, "--help"])
        #expect(alias.code == 0)
        #expect(alias.out == option.out)
        #expect(alias.out.hasPrefix("usage: apicheck \(command)"))
    }

    @Test(arguments: [
        (["lsit"], "apicheck: unknown command 'lsit'; did you mean 'list'?\n"),
        (["serv"], "apicheck: unknown command 'serv'; did you mean 'serve'?\n"),
        (["hepl", "live"], "apicheck: unknown command 'hepl'; did you mean 'help'?\n"),
        (["help", "mokcs"], "apicheck: unknown command 'mokcs'; did you mean 'mocks'?\n"),
        (["--verison"], "apicheck: unknown option '--verison'; did you mean '--version'?\n"),
        (["frobnicate"], "apicheck: unknown command 'frobnicate'\n"),
        (["__complet"], "apicheck: unknown command '__complet'\n"),
        (["live", "--bse-url", "x"], "apicheck live: unknown option '--bse-url'; did you mean '--base-url'?\n"),
        (["serve", "--scenaro", "a=b"], "apicheck serve: unknown option '--scenaro'; did you mean '--scenario'?\n"),
        (["mocks", "--frobnicate"], "apicheck mocks: unknown option '--frobnicate'\n"),
    ])
    func unknownNamesSuggestTheClosest(_ arguments: [String], _ firstLine: String) async {
        let result = await run(arguments)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(firstLine + "\nusage: apicheck"), "\(result.err)")
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(NameSuggestion.distance("lsit", "list") == 1)
        #expect(NameSuggestion.distance("serv", "serve") == 1)
        #expect(NameSuggestion.distance("kitten", "sitting") == 3)
        #expect(NameSuggestion.distance("", "abc") == 3)
        #expect(NameSuggestion.nearest("list", in: ["list"]) == nil)
        // Two candidates as close: no guess.
        #expect(NameSuggestion.nearest("lis", in: ["list", "lisp"]) == nil)
        #expect(NameSuggestion.nearest("lis", in: ["list", "lists"]) == "list")
        #expect(NameSuggestion.nearest("zzzz", in: ["list"]) == nil)
    }
}
