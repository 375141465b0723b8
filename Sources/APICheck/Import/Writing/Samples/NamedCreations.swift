/// The creations whose path names what they make (`PUT /users/{name}` answering 201, `POST
/// /users/{name}`, Jupyter's `PUT /api/contents/{path}`), and the writes after them: they send a
/// name unique to the run (`apicheck-<run id>`), never the variable the reads of that path take.
/// A person sets that variable to an object the staging holds, for the reads; the creation sent
/// there would replace the person's file, the rename and the deletion that follow it would rename
/// and delete it. The reads keep the variable; the writes act on what the run made.
///
/// Only a name a free text takes (no enum, format, pattern or short length, as
/// `MadeUpBodyValues.unfitForRunName` says), of a creation with no session effect; otherwise the
/// variable stays, and its note says what the run creates and deletes there.
enum NamedCreations {
    /// One creation named by the run, and the writes after it that send the same name.
    struct Named: Equatable {
        var creation: String
        var variable: String
        var writes: [String]
        var location: String
    }

    /// The run's own name.
    static let sample = ".unique(prefix: \"apicheck-\")"

    /// Gives each named creation's writes the run's own name instead of the variable, and takes
    /// their uses out of `variables`.
    static func name(_ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable], source: OpenAPISource) -> [Named] {
        var named: [Named] = []
        for creation in endpoints where creation.sessionEffect == nil && EndpointWriter.creates(creation, among: endpoints) {
            guard let variable = EndpointWriter.resourceVariable(of: creation, among: variables),
                !named.contains(where: { $0.variable == variable.name }),
                let parameter = source.pointer(variable.location), takesRunName(parameter, source: source)
            else { continue }
            let writers = Set(endpoints.filter { !$0.isRead && $0.sessionEffect == nil }.map(\.id))
            let position = Dictionary(uniqueKeysWithValues: endpoints.enumerated().map { ($0.element.id, $0.offset) })
            let uses = variable.uses.filter { $0.place == "path" && writers.contains($0.operation) }
                .sorted { position[$0.operation, default: 0] < position[$1.operation, default: 0] }
            var writes: [String] = []
            for use in uses {
                guard let index = endpoints.firstIndex(where: { $0.id == use.operation }),
                    let position = endpoints[index].parameters.firstIndex(where: {
                        $0.hasPrefix(".path(\(SwiftName.literal(use.parameter)),")
                    }),
                    let replaced = ItemSources.replacingVariable(
                        in: endpoints[index].parameters[position], with: { _, _ in "sample: \(sample)" }),
                    replaced.variable == variable.name
                else { continue }
                endpoints[index].parameters[position] = replaced.text
                writes.append(use.operation)
            }
            guard !writes.isEmpty else { continue }
            for index in variables.indices where variables[index].name == variable.name {
                variables[index].uses.removeAll { use in use.place == "path" && writes.contains(use.operation) }
            }
            named.append(
                Named(
                    creation: creation.id, variable: variable.name, writes: writes.filter { $0 != creation.id }, location: variable.location
                ))
        }
        variables.removeAll { $0.uses.isEmpty }
        return named
    }

    /// Whether a path parameter's schema takes the run's name: a free text.
    private static func takesRunName(_ parameter: JSONValue, source: OpenAPISource) -> Bool {
        guard let resolved = source.resolve(parameter), let schema = resolved["schema"].flatMap({ source.resolve($0) }),
            OpenAPISource.string(schema["type"]) == "string"
        else { return false }
        return MadeUpBodyValues.unfitForRunName(schema) == nil
    }

    /// What the import says of one: which writes send the run's own name.
    static func note(_ named: Named) -> String {
        let others = named.writes.isEmpty ? "" : " and the writes after it (\(named.writes.joined(separator: ", ")))"
        return "\(named.creation) creates what its path names: it\(others) send a name unique to the run (apicheck-<run id>), "
            + "never the one $\(named.variable) gives the reads, so a full live replaces, renames and deletes only what it made"
    }
}
