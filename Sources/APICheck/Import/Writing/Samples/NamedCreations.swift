/// The creations whose path names what they make (`PUT /users/{name}` answering 201, `POST
/// /users/{name}`, Jupyter's `PUT /api/contents/{path}`), and the writes after them: they send a
/// name unique to the run (`apicheck-<run id>`), never the variable the reads of that path take.
/// A person sets that variable to an object the staging holds, for the reads; the creation sent
/// there would replace the person's file, the rename and the deletion that follow it would rename
/// and delete it. The reads keep the variable; the writes act on what the run made.
///
/// Where the creation's answer gives the name back (a member of the placeholder's name: Jupyter
/// answers the file's `path`), the writes after it read it there (`.seen`), so that they are not
/// sent when the creation did not succeed; elsewhere they send the run's name too.
///
/// Only a name a free text takes (no enum, format, pattern or short length, as
/// `MadeUpBodyValues.unfitForRunName` says), of a creation with no session effect; otherwise the
/// variable stays, and its note says what the run creates and deletes there.
enum NamedCreations {
    /// One creation named by the run, and the writes after it that act on what it made.
    struct Named: Equatable {
        var creation: String
        var variable: String
        var writes: [String]
        var location: String
        /// The member of the creation's answer the writes read the name from, if any.
        var answered: String?
    }

    /// The run's own name.
    static let sample = ".unique(prefix: \"apicheck-\")"

    /// Gives each named creation and its writes the run's own name instead of the variable, and
    /// takes their uses out of `variables`.
    static func name(
        _ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable], source: OpenAPISource,
        answers: [String: JSONValue]
    ) -> [Named] {
        var named: [Named] = []
        let position = Dictionary(uniqueKeysWithValues: endpoints.enumerated().map { ($0.element.id, $0.offset) })
        let writers = Set(endpoints.filter { !$0.isRead && $0.sessionEffect == nil }.map(\.id))
        for creation in endpoints where creation.sessionEffect == nil && EndpointWriter.creates(creation, among: endpoints) {
            guard !restores(creation, among: endpoints, answers: answers, source: source),
                let variable = EndpointWriter.resourceVariable(of: creation, among: variables),
                !named.contains(where: { $0.variable == variable.name }),
                let parameter = source.pointer(variable.location), takesRunName(parameter, source: source)
            else { continue }
            let answered = answers[creation.id].flatMap { answerMember(naming: placeholder(of: creation), in: $0, source: source) }
            let uses = variable.uses.filter { $0.place == "path" && writers.contains($0.operation) }
                .sorted { position[$0.operation, default: 0] < position[$1.operation, default: 0] }
            var writes: [String] = []
            for use in uses {
                let own =
                    answered.flatMap { member in
                        use.operation == creation.id
                            ? nil
                            : ".seen(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal("$." + member)), fallback: nil)"
                    } ?? sample
                guard let index = endpoints.firstIndex(where: { $0.id == use.operation }),
                    let at = endpoints[index].parameters.firstIndex(where: { $0.hasPrefix(".path(\(SwiftName.literal(use.parameter)),") }),
                    let replaced = ItemSources.replacingVariable(in: endpoints[index].parameters[at], with: { _, _ in "sample: \(own)" }),
                    replaced.variable == variable.name
                else { continue }
                endpoints[index].parameters[at] = replaced.text
                writes.append(use.operation)
            }
            guard writes.contains(creation.id) else { continue }
            for index in variables.indices where variables[index].name == variable.name {
                variables[index].uses.removeAll { use in use.place == "path" && writes.contains(use.operation) }
            }
            let others = writes.filter { $0 != creation.id }
            named.append(
                Named(creation: creation.id, variable: variable.name, writes: others, location: variable.location, answered: answered))
        }
        variables.removeAll { $0.uses.isEmpty }
        return named
    }

    /// Whether a POST to an item acts on what a POST to its collection made and named in its
    /// answer (Jupyter's restore, `POST …/checkpoints/{checkpoint_id}`, beside `POST
    /// …/checkpoints` answering the checkpoint's `id`): the run's name there names nothing.
    private static func restores(
        _ creation: ImportedEndpoint, among endpoints: [ImportedEndpoint], answers: [String: JSONValue], source: OpenAPISource
    ) -> Bool {
        guard creation.method == ".post" else { return false }
        let collection = EndpointWriter.template(of: creation).dropLast()
        return endpoints.contains { other in
            other.method == ".post" && EndpointWriter.template(of: other)[...] == collection
                && answers[other.id].flatMap { ItemSources.idMember(for: placeholder(of: creation), in: $0, source: source) } != nil
        }
    }

    /// The last placeholder of a creation's path: the name it gives what it makes.
    private static func placeholder(of creation: ImportedEndpoint) -> String {
        creation.path.split(separator: "/").last.flatMap { EndpointWriter.placeholders(in: String($0)).last } ?? ""
    }

    /// The top-level text member of a creation's answer named as its placeholder (`path`, `name`),
    /// which gives back the name the run sent; not an `id`, which is another value.
    private static func answerMember(naming name: String, in answer: JSONValue, source: OpenAPISource) -> String? {
        guard let schema = source.resolve(answer) else { return nil }
        return source.properties(of: schema).first { property in
            MemberName.folded(property.key) == MemberName.folded(name)
                && source.resolve(property.value).flatMap { OpenAPISource.string($0["type"]) } == "string"
        }?.key
    }

    /// Whether a path parameter's schema takes the run's name: a free text.
    private static func takesRunName(_ parameter: JSONValue, source: OpenAPISource) -> Bool {
        guard let resolved = source.resolve(parameter), let schema = resolved["schema"].flatMap({ source.resolve($0) }),
            OpenAPISource.string(schema["type"]) == "string"
        else { return false }
        return MadeUpBodyValues.unfitForRunName(schema) == nil
    }

    /// What the import says of one: which writes act on what the run made.
    static func note(_ named: Named) -> String {
        let others = named.writes.isEmpty ? "" : " and the writes after it (\(named.writes.joined(separator: ", ")))"
        var text =
            "\(named.creation) creates what its path names: it\(others) send a name unique to the run (apicheck-<run id>), "
            + "never the one $\(named.variable) gives the reads, so a full live replaces, renames and deletes only what it made"
        if let member = named.answered, !named.writes.isEmpty {
            text += "; the writes read it from its answer ($.\(member)), and are not sent when it does not succeed"
        }
        return text
    }
}
