/// What a renderer needs besides the report, given by whoever renders it: renderers read nothing
/// from the process (no working directory, no terminal, no hard-coded tool name).
public struct RenderContext: Sendable {
    /// The tool's name as its users type it (`apicheck`, or a package's own): report headers and
    /// the commands a report suggests use it.
    public var tool: String
    /// File names under this folder print relative to it (as CI resolves them from the workspace
    /// root); nil prints them as they are.
    public var directory: String?
    /// ANSI colours in the text report.
    public var color: Bool
    /// The text report adds, under each result that sent a request, the command that repeats it.
    public var verbose: Bool
    /// The code the process exits with for this run, when whoever renders knows it (the command
    /// line does); reports that show it leave it out otherwise.
    public var exitCode: Int32?
    /// The results history before this run, when a store was given: the HTML report shows it.
    public var history: ReportHistory?

    public init(
        tool: String, directory: String? = nil, color: Bool = false, verbose: Bool = false, exitCode: Int32? = nil,
        history: ReportHistory? = nil
    ) {
        self.tool = tool
        self.directory = directory
        self.color = color
        self.verbose = verbose
        self.exitCode = exitCode
        self.history = history
    }
}
