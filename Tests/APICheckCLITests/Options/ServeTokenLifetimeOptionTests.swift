import APICheck
@testable import APICheckCLI
import Contracts
import Foundation
import RelayExample
import Testing

/// `serve --token-lifetime SECONDS`: unset, tokens live as long as their answers say (for ever
/// where nothing is declared); 0 never expires them by the clock; and serve says at start why
/// tokens will die by themselves.
@Suite struct ServeTokenLifetimeOptionTests {
    private func command(_ arguments: [String], api: API = Relay.api) throws -> ServeCommand {
        let context = CommandContext(
            api: api, console: Console.capturing().0, environment: [:], sandbox: nil,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), tool: "apicheck")
        return try ServeCommand(try ParsedArguments(arguments, options: ServeCommand.options.map(\.spec)), context: context)
    }

    @Test func theLifetimeIsTheAnswersUnlessGiven() throws {
        #expect(try command([]).options.tokenLifetime == nil)
        #expect(try command(["--token-lifetime", "90"]).options.tokenLifetime == .seconds(90))
        #expect(try command(["--token-lifetime", "0"]).options.tokenLifetime == .zero)
        #expect(throws: UsageError.self) { try command(["--token-lifetime", "-1"]) }
        #expect(throws: UsageError.self) { try command(["--token-lifetime", "soon"]) }
        // Without auth emulation there is no token to expire.
        #expect(throws: UsageError.self) { try command(["--stateless", "--token-lifetime", "90"]) }
    }

    @Test func serveSaysWhyTokensDieByThemselves() throws {
        let declared = try command([])
        #expect(
            ServeCommand.lifetimeNote(api: Relay.api, options: declared.options)
                == "tokens expire after the lifetime their login's or refresh's answer gives at $.expires_in_ms (--token-lifetime 0: never)"
        )
        let given = try command(["--token-lifetime", "90"])
        #expect(
            ServeCommand.lifetimeNote(api: Relay.api, options: given.options)
                == "tokens expire 90 s after they are issued (--token-lifetime)")
        #expect(ServeCommand.lifetimeNote(api: Relay.api, options: try command(["--token-lifetime", "0"]).options) == nil)
        // The demo declares no refresh: its tokens live until a logout or a later login ends them.
        #expect(ServeCommand.lifetimeNote(api: Demo.api, options: try command([], api: Demo.api).options) == nil)
    }
}
