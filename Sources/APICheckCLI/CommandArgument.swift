/// A positional argument a command takes (`import-har FILE`): its name in usage texts and help.
struct CommandArgument: Sendable {
    var name: String
    var help: String
    var required: Bool = true
    /// What shells complete it with; by default what its name implies (`FILE`, `DIR`).
    var declaredCompletion: ValueCompletion? = nil

    var completion: ValueCompletion { declaredCompletion ?? .inferred(fromPlaceholder: name) }
}
