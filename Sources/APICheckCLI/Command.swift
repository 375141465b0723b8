/// One subcommand: its name, one-line abstract, usage text, and how it parses and runs.
/// `run` returns the exit code; every error inside is turned into output there.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    init(_ arguments: [String], context: CommandContext) throws(UsageError)
    func run() async -> Int32
}
