import APICheck

/// GNU-style long options parsed against what a command declares: `--name value`, `--name=value`,
/// repeated options, flags, short flags, and `--` ending the options. Unknown options are usage
/// errors, with the declared option a typo was likely meant to be. Values are read back through
/// the same declarations: `try parsed[ConnectionOptions.timeout]`.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []
    private let declared: Set<String>

    init(_ arguments: [String], options: [OptionSpec], positionals allowed: [CommandArgument] = []) throws(UsageError) {
        let options = options + [OptionSpec.help]
        var byName: [String: OptionSpec] = [:]
        var byShort: [Character: OptionSpec] = [:]
        for option in options {
            byName[option.name] = option
            if let short = option.short { byShort[short] = option }
        }
        declared = Set(byName.keys)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name: String
            var inline: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                // Short options are flags only; a value after one would be ambiguous.
                guard argument.count == 2, let option = byShort[argument.last!], option.isFlag else {
                    throw UsageError("unknown option '\(argument)'")
                }
                name = option.name
            }
            guard let option = byName[name] else {
                let near = NameSuggestion.nearest(name, in: Array(byName.keys))
                throw UsageError("unknown option '--\(name)'" + (near.map { "; did you mean '--\($0)'?" } ?? ""))
            }
            if option.isFlag {
                if inline != nil { throw UsageError("option '--\(name)' takes no value") }
                values[name, default: []].append("")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, values[name] != nil { throw UsageError("option '--\(name)' given twice") }
            values[name, default: []].append(value)
        }
        if positionals.count > allowed.count, allowed.last?.variadic != true {
            throw UsageError("unexpected argument '\(positionals[allowed.count])'")
        }
        if positionals.count < allowed.filter(\.required).count {
            throw UsageError("missing \(allowed[positionals.count].name)")
        }
    }

    /// The option's value: parsed from what was given, or its default.
    subscript<Value>(option: Option<Value>) -> Value {
        get throws {
            precondition(declared.contains(option.spec.name), "option --\(option.spec.name) read but not declared")
            return try option.resolve(values[option.spec.name] ?? [])
        }
    }

    func given(_ option: some OptionDeclaration) -> Bool { values[option.spec.name] != nil }
}
