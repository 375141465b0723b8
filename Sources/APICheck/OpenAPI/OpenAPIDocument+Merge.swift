extension OpenAPIDocument {
    /// The endpoints that share a method and path, by route, in declaration order: OpenAPI has one
    /// operation per method and path, so each group becomes one operation with every example.
    public var mergedOperations: [[AnyEndpoint]] {
        var groups: [String: [AnyEndpoint]] = [:], order: [String] = []
        for endpoint in api.endpoints {
            if groups[endpoint.routeKey] == nil { order.append(endpoint.routeKey) }
            groups[endpoint.routeKey, default: []].append(endpoint)
        }
        return order.compactMap { groups[$0] }.filter { $0.count > 1 }
    }

    /// One operation for endpoints on one method and path: the first one's id, every parameter
    /// (required only where all of them require it), every response with every example (an
    /// added example whose name is taken is named after its endpoint), the schemas as `anyOf` where they
    /// differ, and a description naming the endpoints and what tells them apart.
    func merged(_ operation: JSONValue, with added: JSONValue, group: [AnyEndpoint], addedID: String) -> JSONValue {
        guard case var .object(members) = operation, case let .object(addedMembers) = added else { return operation }
        func set(_ key: String, _ value: JSONValue) {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = value
            } else {
                members.append((key, value))
            }
        }
        let named = group.map { endpoint in endpoint.id + (endpoint.distinction.map { " (\($0))" } ?? " (none of the others)") }
        set(
            "description",
            .string(
                "One operation for the endpoints declared on this method and path: "
                    + named.joined(separator: ", ") + "."))
        func items(_ value: JSONValue?) -> [JSONValue] {
            if case let .array(items)? = value { return items }
            return []
        }
        let own = items(operation["parameters"]), theirs = items(added["parameters"])
        func key(_ parameter: JSONValue) -> String { (parameter["name"]?.stringValue ?? "") + " " + (parameter["in"]?.stringValue ?? "") }
        var parameters: [JSONValue] = own.map { parameter in
            guard let other = theirs.first(where: { key($0) == key(parameter) }) else { return optional(parameter) }
            return joinedEnum(parameter, other)
        }
        parameters += theirs.filter { parameter in !own.contains { key($0) == key(parameter) } }.map(optional)
        if !parameters.isEmpty { set("parameters", .array(parameters)) }
        for (name, value) in addedMembers where name == "requestBody" || name == "security" {
            if operation[name] == nil { set(name, value) }
        }
        if case let .object(responses)? = operation["responses"], case let .object(addedResponses)? = added["responses"] {
            var all = responses
            for (status, response) in addedResponses {
                if let index = all.firstIndex(where: { $0.key == status }) {
                    all[index].value = mergedResponse(all[index].value, response, addedID: addedID)
                } else {
                    all.append((status, response))
                }
            }
            set("responses", .object(all.sorted { $0.key < $1.key }))
        }
        return .object(members)
    }

    /// A schema's branches when it is nothing but an `anyOf`, else the schema itself.
    private static func alternatives(_ schema: JSONValue) -> [JSONValue] {
        if case let .object(members) = schema, members.count == 1, case let .array(branches)? = schema["anyOf"] { return branches }
        return [schema]
    }

    /// A parameter both endpoints send with an enum of values (a query distinction by value)
    /// lists the values of both.
    private func joinedEnum(_ parameter: JSONValue, _ other: JSONValue) -> JSONValue {
        guard case var .object(members) = parameter, case var .object(schema)? = parameter["schema"],
            case let .array(own)? = parameter["schema"]?["enum"], case let .array(added)? = other["schema"]?["enum"],
            let schemaIndex = members.firstIndex(where: { $0.key == "schema" }),
            let enumIndex = schema.firstIndex(where: { $0.key == "enum" })
        else { return parameter }
        schema[enumIndex].value = .array(own + added.filter { !own.contains($0) })
        members[schemaIndex].value = .object(schema)
        return .object(members)
    }

    private func optional(_ parameter: JSONValue) -> JSONValue {
        guard case var .object(members) = parameter, parameter["in"]?.stringValue != "path" else { return parameter }
        if let index = members.firstIndex(where: { $0.key == "required" }) { members[index].value = .bool(false) }
        return .object(members)
    }

    private func mergedResponse(_ response: JSONValue, _ added: JSONValue, addedID: String) -> JSONValue {
        guard case var .object(members) = response, let media = response["content"]?["application/json"],
            let addedMedia = added["content"]?["application/json"], case var .object(mediaMembers) = media
        else { return response }
        if let schema = media["schema"], let addedSchema = addedMedia["schema"], schema != addedSchema,
            let index = mediaMembers.firstIndex(where: { $0.key == "schema" })
        {
            // `anyOf`, not `oneOf`: one answer is often valid for both endpoints (their failure
            // envelope, a payload whose fields they share), and `oneOf` would refuse it for that.
            var alternatives = Self.alternatives(schema)
            for branch in Self.alternatives(addedSchema) where !alternatives.contains(branch) { alternatives.append(branch) }
            mediaMembers[index].value = alternatives.count == 1 ? alternatives[0] : .object([("anyOf", .array(alternatives))])
        }
        if case let .object(addedExamples)? = addedMedia["examples"] {
            var examples: [(key: String, value: JSONValue)] = if case let .object(own)? = media["examples"] { own } else { [] }
            for (name, example) in addedExamples {
                examples.append((examples.contains { $0.key == name } ? "\(addedID) \(name)" : name, example))
            }
            if let index = mediaMembers.firstIndex(where: { $0.key == "examples" }) {
                mediaMembers[index].value = .object(examples)
            } else {
                mediaMembers.append(("examples", .object(examples)))
            }
        }
        if let index = members.firstIndex(where: { $0.key == "content" }) {
            members[index].value = .object([("application/json", .object(mediaMembers))])
        }
        return .object(members)
    }
}
