import APICheck
@testable import APICheckCLI
import Contracts
import Foundation
import HTTPServer
import Testing

/// `serve --client-connections N`: the per-address cap is the server's default unless moved;
/// 0 lifts it (a load test opening 1,000 connections from one machine).
@Suite struct ServeClientConnectionsTests {
    private func command(_ arguments: [String]) throws -> ServeCommand {
        let context = CommandContext(
            api: Demo.api, console: Console.capturing().0, environment: [:], sandbox: nil,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), tool: "apicheck")
        return try ServeCommand(try ParsedArguments(arguments, options: ServeCommand.options.map(\.spec)), context: context)
    }

    @Test func theCapIsTheServersUnlessMoved() throws {
        #expect(try command([]).options.configuration.perClientConnectionLimit == 512)
        #expect(try command(["--client-connections", "1000"]).options.configuration.perClientConnectionLimit == 1000)
        #expect(try command(["--client-connections", "0"]).options.configuration.perClientConnectionLimit == 0)
        #expect(throws: UsageError.self) { try command(["--client-connections", "-1"]) }
        #expect(throws: UsageError.self) { try command(["--client-connections", "many"]) }
    }
}
