/// A positional argument a command takes (`import-har FILE`): its name in usage texts and help.
struct CommandArgument: Sendable {
    var name: String
    var help: String
    var required: Bool = true
    /// Takes every argument left (`merge FILE...`); only the last argument may.
    var variadic: Bool = false
    /// What shells complete it with; by default what its name implies (`FILE`, `DIR`).
    var declaredCompletion: ValueCompletion? = nil

    var completion: ValueCompletion { declaredCompletion ?? .inferred(fromPlaceholder: name) }
}
