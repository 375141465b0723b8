/// What a shell offers for an option's value or a positional argument. Declared with the option
/// (`.completing(.declared(.endpoints))`), or inferred from its placeholder (`FILE`, `DIR`), so
/// the completion scripts follow the declarations.
enum ValueCompletion: Sendable, Equatable {
    /// A free value (a URL, a number): nothing to offer, and no file names either.
    case nothing
    case files
    case directories
    /// A closed set, known when the script is generated.
    case choices([String])
    /// Names read from the API's declarations when completing, so they follow the user's own
    /// package: the script runs `<tool> __complete <source>`.
    case declared(DeclaredNames)

    /// `FILE` and `DIR` placeholders complete paths; any other value nothing.
    static func inferred(fromPlaceholder placeholder: String?) -> ValueCompletion {
        switch placeholder {
        case "FILE"?: .files
        case "DIR"?: .directories
        default: .nothing
        }
    }

    /// Whether the value is a comma-separated list (`--only a,b`): each item is completed.
    var isCommaSeparated: Bool { self == .declared(.endpoints) || self == .declared(.probes) }
}

/// The names a completion reads from the declarations at completion time.
enum DeclaredNames: String, Sendable, CaseIterable {
    /// Endpoint ids, for `--only`.
    case endpoints
    /// `ID=NAME` for every scenario of every endpoint, for `serve --scenario`.
    case scenarios
    /// The API's environment names, for `--env`.
    case environments
    /// The probes of the promises the API declares, for `--probes`.
    case probes
}
