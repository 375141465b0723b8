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

    /// Links `endpoints`' writes to the creation of their object's collection, and takes their
    /// uses out of `variables` (a variable no operation reads any more is dropped).
    func link(_ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable]) -> [Link] {
        let creations = endpoints.filter { $0.method == ".post" && !$0.readingOnly && answers[$0.id] != nil }
        let namedCreations = Set(
            endpoints.filter { EndpointWriter.creates($0, among: endpoints) }.map { EndpointWriter.template(ItemSources.trimmed($0.path)) })
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
                    let answer = answers[creation.id],
                    let member = ItemSources.idMember(for: name, in: answer, source: source)
                else { continue }
                let path = JSONPath([.key(member)]).description
                guard
                    let linked = ItemSources.replacingVariable(
                        in: endpoint.parameters[parameter],
                        with: { _, _ in
                            "sample: .seen(endpoint: \(SwiftName.literal(creation.id)), path: \(SwiftName.literal(path)), fallback: nil)"
                        })
                else { continue }
                endpoints[index].parameters[parameter] = linked.text
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

    /// What the import says of a link: which writes act on what the creation makes.
    static func note(_ link: Link) -> String {
        let writes = link.writes.joined(separator: ", ")
        let verb = link.writes.count == 1 ? "acts" : "act"
        return "\(writes) \(verb) on what \(link.creation) creates, the id its answer gives in the same run, never on an object "
            + "the server held before: a full live changes and deletes only what it made, and leaves "
            + (link.writes.count == 1 ? "it" : "them") + " not checked when \(link.creation) does not succeed"
    }
}
