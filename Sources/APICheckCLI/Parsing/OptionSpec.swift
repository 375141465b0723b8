/// What usage texts and the parser know of one option: its name, how it takes a value, its default
/// and its help. Written once, in the option's declaration (`Option`).
struct OptionSpec: Sendable {
    /// The long name, without dashes: `base-url`.
    var name: String
    var short: Character?
    /// The value's placeholder in usage texts (`URL`, `N`); nil for a flag.
    var placeholder: String?
    var repeatable: Bool
    var help: String
    /// The default as the help shows it; nil when there is none worth showing.
    var defaultText: String?
    /// What shells complete the value with, when it is not what the placeholder implies.
    var declaredCompletion: ValueCompletion?

    /// What shells complete the value with (flags take none).
    var completion: ValueCompletion { declaredCompletion ?? .inferred(fromPlaceholder: placeholder) }

    var isFlag: Bool { placeholder == nil }

    /// `--concurrency N`, `-v, --verbose`.
    var label: String {
        let long = "--" + name + (placeholder.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    /// `[--only ID,...]...` in a synopsis.
    var synopsis: String {
        "[--" + name + (placeholder.map { " " + $0 } ?? "") + "]" + (repeatable ? "..." : "")
    }

    var helpLine: String {
        let extra = [defaultText.map { "default: \($0)" }, repeatable ? "repeatable" : nil].compactMap { $0 }
        return extra.isEmpty ? help : help + " (" + extra.joined(separator: "; ") + ")"
    }

    /// Shown by every command.
    static let help = OptionSpec(
        name: "help", short: "h", placeholder: nil, repeatable: false,
        help: "show this help", defaultText: nil)
}

/// An option as a command declares it: how it is shown, and how the strings given on the command
/// line become its value (the default when absent). Commands list their options once, and read each
/// value through the same declaration: `try arguments[Self.concurrency]`.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

struct Option<Value: Sendable>: OptionDeclaration {
    let spec: OptionSpec
    /// From every value given (empty when absent; one empty string per occurrence of a flag).
    let resolve: @Sendable (_ given: [String]) throws -> Value

    /// The same option, its value completed by shells with `completion`.
    func completing(_ completion: ValueCompletion) -> Option {
        var spec = spec
        spec.declaredCompletion = completion
        return Option(spec: spec, resolve: resolve)
    }
}

extension Option where Value == Bool {
    static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
        Option(spec: OptionSpec(name: name, short: short, placeholder: nil, repeatable: false, help: help, defaultText: nil)) {
            !$0.isEmpty
        }
    }
}

extension Option {
    /// Given at most once; `defaultValue` when absent. `shownDefault` is what the help says.
    static func value(
        _ name: String, _ placeholder: String, default defaultValue: Value, shownDefault: String? = nil,
        help: String, parse: ValueParser<Value>
    ) -> Option {
        let shown = shownDefault ?? "\(defaultValue)"
        return Option(
            spec: OptionSpec(
                name: name, short: nil, placeholder: placeholder, repeatable: false,
                help: help, defaultText: shown)
        ) { given in
            guard let text = given.last else { return defaultValue }
            return try parse.parse(text, name)
        }
    }

    /// Given at most once; nil when absent. `shownDefault` says what happens then, if anything.
    static func optional<T>(
        _ name: String, _ placeholder: String, shownDefault: String? = nil, help: String,
        parse: ValueParser<T>
    ) -> Option where Value == T? {
        Option(
            spec: OptionSpec(
                name: name, short: nil, placeholder: placeholder, repeatable: false,
                help: help, defaultText: shownDefault)
        ) { given in
            try given.last.map { try parse.parse($0, name) }
        }
    }

    /// Any number of times, in order.
    static func repeated<T>(
        _ name: String, _ placeholder: String, shownDefault: String? = nil, help: String,
        parse: ValueParser<T>
    ) -> Option where Value == [T] {
        Option(
            spec: OptionSpec(
                name: name, short: nil, placeholder: placeholder, repeatable: true,
                help: help, defaultText: shownDefault)
        ) { given in
            try given.map { try parse.parse($0, name) }
        }
    }
}
