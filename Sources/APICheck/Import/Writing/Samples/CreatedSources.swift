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
        let creations = endpoints.filter { endpoint in
            (endpoint.method == ".post" || Self.putsIntoCollection(endpoint, among: endpoints)) && !endpoint.readingOnly
                && (answers[endpoint.id] ?? requests[endpoint.id]) != nil
        }
        let namedCreations = Set(
            endpoints.filter { EndpointWriter.creates($0, among: endpoints) }.map { EndpointWriter.template(ItemSources.trimmed($0.path)) })
        // A path a PUT writes to is named by whoever writes it: a name a POST sent is not its.
        let putPaths = Set(endpoints.filter { $0.method == ".put" }.map { EndpointWriter.template(ItemSources.trimmed($0.path)) })
        var links: [Link] = []
        var followed: [String: Followed] = [:]
        var ambiguous: Set<String> = []
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
                    }) ?? actionCreation(of: collection, among: creations, under: segments[position - 1])
                        ?? pluralCreation(of: collection, among: creations),
                    let sample = sample(
                        naming: name, in: creation, under: segments[position - 1], byRequest: !putPaths.contains(collection + ["{}"]),
                        action: EndpointWriter.template(ItemSources.trimmed(creation.path)) != collection)
                else { continue }
                guard
                    let variable = Self.replace(
                        name, of: endpoint.id, at: (index, parameter), with: sample.text, made: creation.id, in: &endpoints,
                        variables: &variables, links: &links)
                else { continue }
                if let member = sample.sentMember, let position = endpoints.firstIndex(where: { $0.id == creation.id }),
                    let named = namingUniquely(endpoints[position], member: member)
                {
                    endpoints[position].body = named
                }
                let made = Followed(creation: creation.id, sample: sample.text, kind: SampleVariable.singular(segments[position - 1]))
                // A variable whose writes follow two creations, or two members, tells no one object.
                if followed[variable].map({ $0 != made }) == true { ambiguous.insert(variable) }
                followed[variable] = made
            }
        }
        Self.followShared(followed.filter { !ambiguous.contains($0.key) }, in: &endpoints, variables: &variables, links: &links)
        variables.removeAll { $0.uses.isEmpty }
        return links
    }

    /// Whether an endpoint is a `PUT` to a collection (its path ends on no placeholder) that has
    /// no `POST`: Prefect creates a saved search with `PUT /saved_searches/`, answering its `id`,
    /// which `DELETE /saved_searches/{id}` then names. Its answer alone can name what it made (a
    /// `PUT` that replaces a collection answers no one object).
    static func putsIntoCollection(_ endpoint: ImportedEndpoint, among endpoints: [ImportedEndpoint]) -> Bool {
        guard endpoint.method == ".put", let last = endpoint.path.split(separator: "/").last, !last.contains("{") else { return false }
        let path = EndpointWriter.template(ItemSources.trimmed(endpoint.path))
        return !endpoints.contains { $0.method == ".post" && EndpointWriter.template(ItemSources.trimmed($0.path)) == path }
    }

    /// The one POST to an action below `collection` (Phoenix's `POST /v1/datasets/upload`, beside
    /// no `POST /v1/datasets`) whose answer names the object it made by its kind's id
    /// (`dataset_id`, `$.data.dataset_id`): the creation of the collection's objects. An action
    /// answering a plain `id` (a job's, an import's) or nothing names no object of the collection.
    private func actionCreation(of collection: [String], among creations: [ImportedEndpoint], under segment: String)
        -> ImportedEndpoint?
    {
        let actions = creations.filter { creation in
            let template = EndpointWriter.template(ItemSources.trimmed(creation.path))
            guard template.count == collection.count + 1, template.starts(with: collection), template.last != "{}",
                let answer = answers[creation.id]
            else { return false }
            return kindIDPath(in: answer, under: segment) != nil
        }
        return actions.count == 1 ? actions[0] : nil
    }

    /// The POST to the plural of `collection` (`POST /silences` for `DELETE /silence/{silenceID}`)
    /// whose answer names the object by the placeholder's name or its kind's id: the creation of
    /// the objects a singular path names. Its request names none (`sample`'s `action`).
    private func pluralCreation(of collection: [String], among creations: [ImportedEndpoint]) -> ImportedEndpoint? {
        guard !collection.isEmpty else { return nil }
        let plural = creations.filter { ItemSources.isPlural(EndpointWriter.template(ItemSources.trimmed($0.path)), of: collection) }
        return plural.count == 1 && answers[plural[0].id] != nil ? plural[0] : nil
    }

    /// The sample that gives placeholder `name` the object `creation` made: the member of its
    /// answer that names it, else the member of its JSON request that did (Chroma's
    /// `POST …/databases` sends `{"name": …}` and answers `{}`: `DELETE …/databases/{database}`
    /// sends that name), at the top or inside the one member the request wraps of the
    /// collection's kind (Phoenix's `POST /v1/prompts` sends `{"prompt": {"name": …}, "version":
    /// …}`: `$.prompt.name`). A request's `name` names the object of the collection `segment` (or
    /// of a placeholder ending in `name`, or in `identifier`, an id or a name) only, and none
    /// where a PUT writes to the object's path (`byRequest` false) or the creation is an
    /// `action` below the collection, whose answer alone names what it made.
    private func sample(naming name: String, in creation: ImportedEndpoint, under segment: String, byRequest: Bool, action: Bool) -> (
        text: String, sentMember: String?
    )? {
        if let answer = answers[creation.id],
            let path = action ? kindIDPath(in: answer, under: segment) : answerPath(naming: name, in: answer, under: segment)
        {
            return (".seen(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal(path.description)), fallback: nil)", nil)
        }
        guard byRequest, !action, let request = requests[creation.id] else { return nil }
        let folded = MemberName.folded(name)
        let names = SampleVariable.singular(segment) == name || folded.hasSuffix("name") || folded.hasSuffix("identifier")
        func member(in schema: JSONValue) -> String? {
            if let member = ItemSources.idMember(for: name, in: schema, source: source) { return member }
            return names && source.properties(of: schema).contains(where: { $0.key == "name" }) ? "name" : nil
        }
        let path: JSONPath
        var sentMember: String?
        if let top = member(in: request) {
            (path, sentMember) = (JSONPath([.key(top)]), top)
        } else {
            let kind = MemberName.folded(SampleVariable.singular(segment))
            let wrapped = source.properties(of: request).filter { property in
                MemberName.folded(property.key) == kind || kinds(of: property.value)?.allSatisfy { $0.hasSuffix(kind) } == true
            }
            guard wrapped.count == 1, let inner = member(in: wrapped[0].value) else { return nil }
            path = JSONPath([.key(wrapped[0].key), .key(inner)])
        }
        return (".sent(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal(path.description)))", sentMember)
    }

    /// The components a member's schema refers to, folded (`categoricalannotationconfig`): one
    /// for a reference, each branch's for a union of references (Phoenix's annotation config,
    /// `oneOf` of its categorical, continuous and freeform kinds), nil for any other schema.
    private func kinds(of schema: JSONValue) -> [String]? {
        let unwrapped = SchemaComparison.unwrapped(schema, in: source).0
        let branches = OpenAPISource.unionBranches(unwrapped)?.branches ?? [unwrapped]
        let names = branches.compactMap {
            OpenAPISource.string($0["$ref"])?.split(separator: "/").last.map { MemberName.folded(String($0)) }
        }
        return names.count == branches.count && !names.isEmpty ? names : nil
    }

    /// The one member of an answer that wraps an object, and that object's schemas (a union's
    /// branches each).
    private func wrappedObject(in answer: JSONValue) -> (key: String, kinds: [String], schemas: [JSONValue])? {
        let wrapped = source.properties(of: SchemaComparison.unwrapped(answer, in: source).0).compactMap { property in
            kinds(of: property.value).map { (property.key, $0, property.value) }
        }
        guard wrapped.count == 1 else { return nil }
        let unwrapped = SchemaComparison.unwrapped(wrapped[0].2, in: source).0
        return (wrapped[0].0, wrapped[0].1, OpenAPISource.unionBranches(unwrapped)?.branches ?? [unwrapped])
    }

    /// Where an answer names the object by its kind's id, `dataset_id` under `datasets/`, at the
    /// top or in the one object it wraps, whatever that object's kind (Phoenix's upload answers
    /// `{"data": UploadDatasetData}`, whose `dataset_id` is the dataset's).
    private func kindIDPath(in answer: JSONValue, under segment: String) -> JSONPath? {
        let kindID = MemberName.folded(SampleVariable.singular(segment)) + "id"
        func member(in schema: JSONValue) -> String? {
            source.properties(of: schema).first { property in
                MemberName.folded(property.key) == kindID && ItemSources.holdsID(property.value, source: source)
            }?.key
        }
        if let top = member(in: SchemaComparison.unwrapped(answer, in: source).0) { return JSONPath([.key(top)]) }
        guard let wrapped = wrappedObject(in: answer) else { return nil }
        let inner = wrapped.schemas.map(member(in:))
        guard let first = inner.first ?? nil, inner.allSatisfy({ $0 == first }) else { return nil }
        return JSONPath([.key(wrapped.key), .key(first)])
    }

    /// Where a creation's answer names the object: its member of the placeholder's name or its
    /// `id` (an `…_identifier` placeholder is an id too), at the top or in the one object the
    /// answer wraps it in (Phoenix's `{"data": Project}`: `$.data.id`). A wrapped object names
    /// the placeholder only when its schema is the collection's kind (`Project` under `projects`,
    /// `DatasetSplit` under `splits`, each branch of a union: Phoenix's annotation config is a
    /// `CategoricalAnnotationConfig`, a `ContinuousAnnotationConfig` or a
    /// `FreeformAnnotationConfig`) and each branch names it alike: Phoenix's `POST /v1/prompts`
    /// answers a `PromptVersion`, whose id is no prompt's.
    private func answerPath(naming name: String, in answer: JSONValue, under segment: String) -> JSONPath? {
        let folded = MemberName.folded(name)
        let alias = folded.hasSuffix("identifier") && folded != "identifier" ? "id" : nil
        func member(in schema: JSONValue) -> String? {
            ItemSources.idMember(for: name, in: schema, source: source)
                ?? alias.flatMap { ItemSources.idMember(for: $0, in: schema, source: source) }
        }
        if let top = member(in: SchemaComparison.unwrapped(answer, in: source).0) { return JSONPath([.key(top)]) }
        let kind = MemberName.folded(SampleVariable.singular(segment))
        guard let wrapped = wrappedObject(in: answer), wrapped.kinds.allSatisfy({ $0.hasSuffix(kind) }) else {
            return kindIDPath(in: answer, under: segment)
        }
        let inner = wrapped.schemas.map(member(in:))
        guard let first = inner.first ?? nil, inner.allSatisfy({ $0 == first }) else { return kindIDPath(in: answer, under: segment) }
        return JSONPath([.key(wrapped.key), .key(first)])
    }

    /// `creation`'s body with the member a write reads sent unique to the run: a second run's
    /// creation would otherwise send the name the first left behind, and be refused. Only a
    /// free string (no enum, format, pattern or short length) and a JSON body as the import writes it.
    func namingUniquely(_ creation: ImportedEndpoint, member: String) -> String? {
        let input = ".input(\(SwiftName.literal(member)), .string, sample: .unique(prefix: \"apicheck-\"))"
        guard let body = creation.body, !body.contains(input), body.hasPrefix(".json("),
            let end = body.range(of: ".utf8))", options: .backwards), let request = requests[creation.id],
            let schema = source.properties(of: request).first(where: { $0.key == member }).flatMap({ source.resolve($0.value) }),
            OpenAPISource.string(schema["type"]) == "string", schema["enum"] == nil, schema["format"] == nil, schema["pattern"] == nil,
            OpenAPISource.int(schema["maxLength"]).map({ $0 >= 24 }) ?? true
        else { return nil }
        // A made-up body's other text members may already be the run's own (`MadeUpBodyValues`).
        if let list = body.range(of: ".utf8)), replacing: [") {
            return body.replacingCharacters(in: list, with: ".utf8)), replacing: [\(input), ")
        }
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
