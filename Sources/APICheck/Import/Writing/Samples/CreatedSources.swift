/// Where an imported write to one object finds it: in the answer of the POST that creates the
/// objects of its collection. `PATCH /collections/{id}` and `DELETE /collections/{id}` send the
/// `id` that `POST /collections` answered in the same run, not `$CHROMA_COLLECTION_ID`, so a
/// full `live` changes and deletes what it made and never an object the staging held before
/// (the one a person named in the variable for the reads). A write whose creation failed or was
/// not run is not checked (`SampleResolver.unavailableSample`), which is what keeps a staging's
/// data safe.
///
/// Only where the creation's answer names the object (its `id`, or the member of the
/// placeholder's name, as `ItemSources` chooses it), and not where the object's path is itself
/// created (`PUT /users/{name}`: the variable names what the run creates). Reads keep their
/// variable and list (`ItemSources`).
struct CreatedSources {
    /// Writes that act on what one creation makes.
    struct Link: Equatable {
        var creation: String
        var writes: [String]
        /// Where the variable the writes no longer read was declared, for the note.
        var location: String
    }

    let source: OpenAPISource
    /// Each POST's answer schema, by endpoint id.
    let answers: [String: JSONValue]
    /// Each POST's JSON request schema, by endpoint id.
    var requests: [String: JSONValue] = [:]

    /// Links `endpoints`' writes to the creation of their object's collection, and takes their
    /// uses out of `variables` (a variable no operation reads any more is dropped).
    func link(_ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable]) -> [Link] {
        let creations = endpoints.filter { $0.method == ".post" && !$0.readingOnly && (answers[$0.id] ?? requests[$0.id]) != nil }
        let namedCreations = Set(
            endpoints.filter { EndpointWriter.creates($0, among: endpoints) }.map { EndpointWriter.template(ItemSources.trimmed($0.path)) })
        // A path a PUT writes to is named by whoever writes it: a name a POST sent is not its.
        let putPaths = Set(endpoints.filter { $0.method == ".put" }.map { EndpointWriter.template(ItemSources.trimmed($0.path)) })
        var links: [Link] = []
        for index in endpoints.indices where !endpoints[index].isRead {
            let endpoint = endpoints[index]
            let segments = endpoint.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for (position, segment) in segments.enumerated() where segment.hasPrefix("{") && segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast().drop { $0 == "+" })
                let collection = EndpointWriter.template(ItemSources.trimmed(segments[..<position].joined(separator: "/")))
                guard !collection.isEmpty, !namedCreations.contains(collection + ["{}"]),
                    let parameter = endpoint.parameters.firstIndex(where: { $0.hasPrefix(".path(\(SwiftName.literal(name)),") }),
                    let creation = creations.first(where: {
                        $0.id != endpoint.id && EndpointWriter.template(ItemSources.trimmed($0.path)) == collection
                    }),
                    let sample = sample(
                        naming: name, in: creation, under: segments[position - 1], byRequest: !putPaths.contains(collection + ["{}"]))
                else { continue }
                guard
                    let linked = ItemSources.replacingVariable(
                        in: endpoint.parameters[parameter], with: { _, _ in "sample: \(sample.text)" })
                else { continue }
                endpoints[index].parameters[parameter] = linked.text
                if let member = sample.sentMember, let position = endpoints.firstIndex(where: { $0.id == creation.id }),
                    let named = namingUniquely(endpoints[position], member: member)
                {
                    endpoints[position].body = named
                }
                var location = ""
                for variable in variables.indices where variables[variable].name == linked.variable {
                    location = variables[variable].location
                    variables[variable].uses.removeAll { $0.operation == endpoint.id && $0.parameter == name && $0.place == "path" }
                }
                if let known = links.firstIndex(where: { $0.creation == creation.id }) {
                    if !links[known].writes.contains(endpoint.id) { links[known].writes.append(endpoint.id) }
                } else {
                    links.append(Link(creation: creation.id, writes: [endpoint.id], location: location))
                }
            }
        }
        variables.removeAll { $0.uses.isEmpty }
        return links
    }

    /// The sample that gives placeholder `name` the object `creation` made: the member of its
    /// answer that names it, else the member of its JSON request that did (Chroma's
    /// `POST …/databases` sends `{"name": …}` and answers `{}`: `DELETE …/databases/{database}`
    /// sends that name). A request's `name` names the object of the collection `segment` (or
    /// of a placeholder ending in `name`) only, and none where a PUT writes to the object's path
    /// (`byRequest` false).
    private func sample(naming name: String, in creation: ImportedEndpoint, under segment: String, byRequest: Bool) -> (
        text: String, sentMember: String?
    )? {
        if let answer = answers[creation.id], let path = answerPath(naming: name, in: answer, under: segment) {
            return (".seen(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal(path.description)), fallback: nil)", nil)
        }
        guard byRequest, let request = requests[creation.id] else { return nil }
        var member = ItemSources.idMember(for: name, in: request, source: source)
        let names = SampleVariable.singular(segment) == name || MemberName.folded(name).hasSuffix("name")
        if member == nil, names, source.properties(of: request).contains(where: { $0.key == "name" }) { member = "name" }
        guard let member else { return nil }
        let path = JSONPath([.key(member)]).description
        return (".sent(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal(path)))", member)
    }

    /// Where a creation's answer names the object: its member of the placeholder's name or its
    /// `id` (an `…_identifier` placeholder is an id too), at the top or in the one object the
    /// answer wraps it in (Phoenix's `{"data": Project}`: `$.data.id`). A wrapped object names
    /// the placeholder only when its schema is the collection's kind (`Project` under `projects`,
    /// `DatasetSplit` under `splits`): Phoenix's `POST /v1/prompts` answers a `PromptVersion`,
    /// whose id is no prompt's.
    private func answerPath(naming name: String, in answer: JSONValue, under segment: String) -> JSONPath? {
        let folded = MemberName.folded(name)
        let alias = folded.hasSuffix("identifier") && folded != "identifier" ? "id" : nil
        func member(in schema: JSONValue) -> String? {
            ItemSources.idMember(for: name, in: schema, source: source)
                ?? alias.flatMap { ItemSources.idMember(for: $0, in: schema, source: source) }
        }
        if let top = member(in: answer) { return JSONPath([.key(top)]) }
        let wrapped = source.properties(of: answer).filter { OpenAPISource.string($0.value["$ref"]) != nil }
        guard wrapped.count == 1, let reference = OpenAPISource.string(wrapped[0].value["$ref"]),
            let kind = reference.split(separator: "/").last.map({ MemberName.folded(String($0)) }),
            kind.hasSuffix(MemberName.folded(SampleVariable.singular(segment))),
            let inner = member(in: wrapped[0].value)
        else { return nil }
        return JSONPath([.key(wrapped[0].key), .key(inner)])
    }

    /// `creation`'s body with the member a write reads sent unique to the run: a second run's
    /// creation would otherwise send the name the first left behind, and be refused. Only a
    /// free string (no enum, format, pattern or short length) and a JSON body as the import writes it.
    func namingUniquely(_ creation: ImportedEndpoint, member: String) -> String? {
        guard let body = creation.body, !body.contains("replacing:"), body.hasPrefix(".json("),
            let end = body.range(of: ".utf8))", options: .backwards), let request = requests[creation.id],
            let schema = source.properties(of: request).first(where: { $0.key == member }).flatMap({ source.resolve($0.value) }),
            OpenAPISource.string(schema["type"]) == "string", schema["enum"] == nil, schema["format"] == nil, schema["pattern"] == nil,
            OpenAPISource.int(schema["maxLength"]).map({ $0 >= 24 }) ?? true
        else { return nil }
        let input = ".input(\(SwiftName.literal(member)), .string, sample: .unique(prefix: \"apicheck-\"))"
        return body.replacingCharacters(in: end, with: ".utf8)), replacing: [\(input)]")
    }

    /// What the import says of a link: which writes act on what the creation makes.
    static func note(_ link: Link) -> String {
        let writes = link.writes.joined(separator: ", ")
        let verb = link.writes.count == 1 ? "acts" : "act"
        return "\(writes) \(verb) on what \(link.creation) creates in the same run (the id its answer gives, else the name its "
            + "request sent), never on an object "
            + "the server held before: a full live changes and deletes only what it made, and leaves "
            + (link.writes.count == 1 ? "it" : "them") + " not checked when \(link.creation) does not succeed"
    }
}
