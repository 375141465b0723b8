/// The writes of an imported package that act on an object the run did not create: their path
/// ends on (or acts below) a placeholder whose sample is a variable, and no operation of the
/// package creates what that variable names. The variable a person sets for the reads names data
/// they keep: Aim's `PUT` and `DELETE /runs/{run_id}` (Aim has no `POST /runs`) updated and
/// deleted the run `$AIM_RUN_ID` named, and Arize Phoenix's `DELETE /v1/traces/{trace_identifier}`
/// the trace. Each is declared `actingOnExisting()`: a full `live` sends it only when `--only`
/// names it.
///
/// A creation below such an object is one too: Phoenix's `POST
/// /v1/prompt_versions/{prompt_version_id}/tags` tags the person's prompt version (a tag of that
/// name moves from the version that held it), though the run then deletes the tag it sent. Not
/// such a write: a creation of what its variable names (`EndpointWriter.creates`: `PUT
/// /users/{name}` answering 201) and a write to what one makes, and a write whose object's
/// placeholder reads what a creation answered or sent (`CreatedSources`).
enum ExistingObjectWrites {
    /// Declares `endpoints`' writes to existing objects `actingOnExisting()`; returns their ids
    /// by the variable that names their object.
    static func mark(_ endpoints: inout [ImportedEndpoint], variables: [SampleVariable]) -> [String: [String]] {
        let created = Set(
            endpoints.filter { EndpointWriter.creates($0, among: endpoints) }.compactMap {
                EndpointWriter.resourceVariable(of: $0, among: variables)?.name
            })
        var marked: [String: [String]] = [:]
        for index in endpoints.indices {
            let endpoint = endpoints[index]
            guard !endpoint.isRead, !endpoint.endingIdentity, endpoint.sessionEffect == nil,
                !EndpointWriter.creates(endpoint, among: endpoints),
                let placeholder = EndpointWriter.placeholders(in: endpoint.path).last,
                let variable = variables.first(where: { variable in
                    variable.uses.contains { $0.operation == endpoint.id && $0.place == "path" && $0.parameter == placeholder }
                }), !created.contains(variable.name)
            else { continue }
            // A link made to what the run created (a person's label added to the run's own
            // dataset, `PUT /v1/datasets/{dataset_identifier}/labels/{label_id}`) is the run's to make.
            if endpoint.parameters.contains(where: { $0.hasPrefix(".path(") && ($0.contains(".seen(") || $0.contains(".sent(")) }) {
                continue
            }
            endpoints[index].actingOnExisting = true
            marked[variable.name, default: []].append(endpoint.id)
        }
        return marked
    }

    /// What a variable's `set:` note adds of the writes to what it names.
    static func note(_ writes: [String]) -> String {
        let (verb, them) = writes.count == 1 ? ("writes", "it") : ("write", "them")
        return "; \(writes.joined(separator: ", ")) \(verb) to what it names, which the run does not create: declared "
            + "actingOnExisting(), so a full live sends \(them) only when --only names \(them) by id"
    }
}
