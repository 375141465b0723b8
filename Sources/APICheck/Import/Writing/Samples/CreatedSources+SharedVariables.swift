/// A write whose placeholder reads the variable of another write that now acts on what a
/// creation made: the import gave both placeholders one variable because they name one
/// resource (Phoenix's `{config_id}` of `PUT /v1/annotation_configs/{config_id}` and
/// `{config_identifier}` of `PUT /v1/projects/{…}/annotation_configs/{config_identifier}`, an id
/// or a name), so the second acts on what the run made too, never on the object the variable
/// names for the reads.
extension CreatedSources {
    /// What a variable's writes were linked to: the creation, its sample, and the resource's
    /// kind (the segment before the placeholder, singular).
    struct Followed: Equatable {
        var creation: String
        var sample: String
        var kind: String
    }

    /// Gives the path parameter at `at` the sample `sample` instead of its variable, takes the
    /// use out of `variables` and adds the write to `creation`'s link; the variable's name, nil
    /// where the parameter reads no variable.
    static func replace(
        _ name: String, of endpoint: String, at: (endpoint: Int, parameter: Int), with sample: String, made creation: String,
        in endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable], links: inout [Link]
    ) -> String? {
        guard
            let linked = ItemSources.replacingVariable(
                in: endpoints[at.endpoint].parameters[at.parameter], with: { _, _ in "sample: \(sample)" })
        else { return nil }
        endpoints[at.endpoint].parameters[at.parameter] = linked.text
        var location = ""
        for variable in variables.indices where variables[variable].name == linked.variable {
            location = variables[variable].location
            variables[variable].uses.removeAll { $0.operation == endpoint && $0.parameter == name && $0.place == "path" }
        }
        if let known = links.firstIndex(where: { $0.creation == creation }) {
            if !links[known].writes.contains(endpoint) { links[known].writes.append(endpoint) }
        } else {
            links.append(Link(creation: creation, writes: [endpoint], location: location))
        }
        return linked.variable
    }

    /// Links the writes still reading a variable that `followed` links elsewhere, where their
    /// placeholder is of the same kind (the segment before it): another resource's variable of
    /// the same name is no evidence.
    static func followShared(
        _ followed: [String: Followed], in endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable], links: inout [Link]
    ) {
        guard !followed.isEmpty else { return }
        for index in endpoints.indices where !endpoints[index].isRead {
            let endpoint = endpoints[index]
            let segments = endpoint.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for (position, segment) in segments.enumerated() where position > 0 && segment.hasPrefix("{") && segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast().drop { $0 == "+" })
                guard let parameter = endpoint.parameters.firstIndex(where: { $0.hasPrefix(".path(\(SwiftName.literal(name)),") }),
                    let variable = ItemSources.replacingVariable(in: endpoint.parameters[parameter], with: { _, _ in "" })?.variable,
                    let link = followed[variable], link.creation != endpoint.id,
                    link.kind == SampleVariable.singular(segments[position - 1])
                else { continue }
                _ = replace(
                    name, of: endpoint.id, at: (index, parameter), with: link.sample, made: link.creation, in: &endpoints,
                    variables: &variables, links: &links)
            }
        }
    }
}
