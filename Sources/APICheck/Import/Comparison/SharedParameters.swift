/// The parameter components (`#/components/parameters/paginationLimit`) that operations refer to
/// in both versions of a document. A component is compared once: what changes in it is listed
/// under it (`parameter paginationLimit`), naming how many operations use it, as a schema
/// component's changes are, not once under every operation that uses it.
struct SharedParameters {
    static let prefix = "#/components/parameters/"

    /// Each component met, as its subject, and how many operations use it, in the order first met.
    private var uses: [(subject: String, operations: Int)] = []

    /// The subject to list the changes of an operation's parameter under when it is a component
    /// both versions of the operation refer to, with whether this is its first use (the one to
    /// compare); nil for a parameter of the operation's own.
    mutating func subject(of parameter: JSONValue, before: [JSONValue]) -> (subject: String, first: Bool)? {
        guard let reference = OpenAPISource.string(parameter["$ref"]), reference.hasPrefix(Self.prefix),
            before.contains(where: { OpenAPISource.string($0["$ref"]) == reference })
        else { return nil }
        let subject = "parameter " + reference.dropFirst(Self.prefix.count)
        guard let index = uses.firstIndex(where: { $0.subject == subject }) else {
            uses.append((subject, 1))
            return (subject, true)
        }
        uses[index].operations += 1
        return (subject, false)
    }

    /// `changes` with the components' after the others, each in the order its component was
    /// first met, its part naming how many operations use it (`query parameter limit of 8
    /// operations`).
    func listed(_ changes: [OpenAPIChange]) -> [OpenAPIChange] {
        var own = changes
        var shared: [OpenAPIChange] = []
        for use in uses {
            for var change in own where change.subject == use.subject {
                change.part += " of \(use.operations) operation\(use.operations == 1 ? "" : "s")"
                shared.append(change)
            }
            own.removeAll { $0.subject == use.subject }
        }
        return own + shared
    }
}
