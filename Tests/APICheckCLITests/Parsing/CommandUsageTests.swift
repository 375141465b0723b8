import APICheck
@testable import APICheckCLI
import Testing

/// Usage texts come from the option declarations: every declared option is shown, with its default,
/// and every option shown is accepted by the parser.
@Suite struct CommandUsageTests {
    @Test(arguments: APICheckTool.registry.map { $0.name })
    func usageShowsEveryDeclaredOption(_ name: String) throws {
        let command = try #require(APICheckTool.registry.first { $0.name == name })
        let usage = command.usage(tool: "shop")
        #expect(usage.hasPrefix("usage: shop \(name)"))
        #expect(usage.contains("  -h, --help "))
        for spec in command.options.map(\.spec) {
            #expect(usage.contains(spec.synopsis), "\(spec.name) missing from the synopsis")
            #expect(usage.contains("\n  \(spec.label) "), "\(spec.name) missing from the options")
            if let shown = spec.defaultText { #expect(usage.contains("default: \(shown)")) }
            let given = spec.isFlag ? ["--\(spec.name)"] : ["--\(spec.name)", "x"]
            let parsed = try ParsedArguments(given, options: command.options.map(\.spec))
            #expect(parsed.values[spec.name] != nil)
        }
    }

    @Test func defaultsComeFromTheDeclarations() throws {
        let none = try ParsedArguments([], options: LiveCommand.options.map(\.spec))
        #expect(try none[ConnectionOptions.concurrency] == 8)
        #expect(try none[ConnectionOptions.timeout] == 10)
        #expect(try none[ConnectionOptions.maxBody] == 32 << 20)
        #expect(try none[LiveCommand.strict] == false)
        #expect(try none[TargetOptions.only] == [])
        #expect(try none[TargetOptions.baseURL] == nil)
        let given = try ParsedArguments(
            ["--concurrency=3", "-v", "--only", "a", "--only", "b,c", "--max-body", "512K"],
            options: LiveCommand.options.map(\.spec))
        #expect(try given[ConnectionOptions.concurrency] == 3)
        #expect(try given[LiveCommand.verbose])
        #expect(try given[TargetOptions.only] == ["a", "b,c"])
        #expect(try given[ConnectionOptions.maxBody] == 512 << 10)
    }

    @Test func exitCodesAreTheDocumentedOnes() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(Verdict.allCases.map(ExitCode.init) == [.success, .violated, .usageError, .unreachable])
    }

    /// The options `live` and `record` share are one declaration each, embedded by both: none is
    /// left out of `record`, and both read them the same way.
    @Test func liveAndRecordShareTheirOptionGroups() throws {
        let shared = TargetOptions.all + ConnectionOptions.all + MockFolderOption.all + ReportOptions.all
        for command in [LiveCommand.options, RecordCommand.options] {
            let names = Set(command.map(\.spec.name))
            #expect(shared.allSatisfy { names.contains($0.spec.name) }, "\(names.sorted())")
        }
        #expect(
            Set(RecordCommand.options.map(\.spec.name)).isSuperset(of: ["cacert", "cert", "key", "cert-warn-days", "max-mock", "report"]))
    }
}
