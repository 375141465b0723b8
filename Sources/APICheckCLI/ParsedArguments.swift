/// GNU-style long options parsed against what a command declares: `--name value`, `--name=value`,
/// repeated options, flags, and `--` ending the options. Unknown options are usage errors.
struct ParsedArguments {
    enum Kind { case flag, value, repeated }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ arguments: [String], options: [String: Kind], shortFlags: [Character: String] = ["h": "help"]) throws(UsageError) {
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
                guard argument.count == 2, let long = shortFlags[argument.last!] else {
                    throw UsageError("unknown option '\(argument)'")
                }
                name = long
            }
            guard let kind = options[name] ?? (name == "help" ? .flag : nil) else {
                throw UsageError("unknown option '--\(name)'")
            }
            switch kind {
            case .flag:
                if inline != nil { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if kind == .value, values[name] != nil { throw UsageError("option '--\(name)' given twice") }
                values[name, default: []].append(value)
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '--\(name)' expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    func seconds(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number > 0, number <= 3600 else {
            throw UsageError("option '--\(name)' expects seconds (e.g. 10 or 0.5), got '\(text)'")
        }
        return number
    }

    func noPositionals() throws(UsageError) {
        if let first = positionals.first { throw UsageError("unexpected argument '\(first)'") }
    }
}
