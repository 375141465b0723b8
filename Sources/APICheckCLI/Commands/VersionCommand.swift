/// `apicheck version` (and `apicheck --version`): the version and the commit it was built from.
/// The commit is stamped into the build by the `CommitStamp` plugin; "unknown" when the source
/// was not a git checkout.
struct VersionCommand: Command {
    static let name = "version"
    static let abstract = "Print the version and the commit it was built from."
    static let options: [any OptionDeclaration] = []
    /// apicheck's own version; the commit says exactly which source.
    static let number = "0.1.0"

    static func discussion(tool: String) -> String {
        """
        Prints the version of apicheck and the git commit it was built from, "unknown" when it was
        built from something other than a git checkout, and says so when the checkout had changes
        that were not committed. '\(tool) --version' is the same.
        """
    }

    let context: CommandContext

    init(_ arguments: ParsedArguments, context: CommandContext) {
        self.context = context
    }

    func run() async -> ExitCode {
        context.console.out(Self.line(tool: context.tool, commit: BuildStamp.commit, modified: BuildStamp.modified))
        return .success
    }

    /// `apicheck 0.1.0 (commit 0f72a63…)`; a package's own tool says what it is built on.
    static func line(tool: String, commit: String, modified: Bool) -> String {
        let version = "apicheck \(number) (commit \(commit)\(modified ? ", with uncommitted changes" : ""))"
        return tool == "apicheck" ? version : "\(tool), built on \(version)"
    }
}
