/// A positional argument a command takes (`import-har FILE`): its name in usage texts and help.
struct CommandArgument: Sendable {
    var name: String
    var help: String
    var required: Bool = true
}
