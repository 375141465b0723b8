extension SwaggerConversion {
    mutating func components() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        var schemas: [(key: String, value: JSONValue)] = []
        for (name, schema) in OpenAPISource.members(root["definitions"]) {
            schemas.append((name, self.schema(schema, at: ["definitions", name])))
            origins[Self.pointer(["components", "schemas", name])] = Self.pointer(["definitions", name])
        }
        if !schemas.isEmpty { members.append(("schemas", .object(schemas))) }

        var parameters: [(key: String, value: JSONValue)] = []
        var bodies: [(key: String, value: JSONValue)] = []
        for (name, parameter) in OpenAPISource.members(root["parameters"]) {
            let tokens = ["parameters", name]
            switch OpenAPISource.string(parameter["in"]) {
            case "body"?:
                bodies.append((name, requestBody(parameter, consumes: consumes, at: tokens)))
                origins[Self.pointer(["components", "requestBodies", name])] = Self.pointer(tokens)
                recordBodyOrigins(["components", "requestBodies", name], parameter: tokens, consumes: consumes)
            case "formData"?:
                // Merged into the form body of each operation that refers to it.
                continue
            default:
                parameters.append((name, self.parameter(parameter, at: tokens)))
                recordParameterOrigins(["components", "parameters", name], original: tokens)
            }
        }
        if !parameters.isEmpty { members.append(("parameters", .object(parameters))) }
        if !bodies.isEmpty { members.append(("requestBodies", .object(bodies))) }

        var responses: [(key: String, value: JSONValue)] = []
        for (name, response) in OpenAPISource.members(root["responses"]) {
            responses.append(
                (
                    name,
                    self.response(
                        response, produces: produces, at: ["responses", name],
                        converted: ["components", "responses", name])
                ))
        }
        if !responses.isEmpty { members.append(("responses", .object(responses))) }

        var schemes: [(key: String, value: JSONValue)] = []
        for (name, definition) in OpenAPISource.members(root["securityDefinitions"]) {
            if let scheme = securityScheme(definition, at: ["securityDefinitions", name]) {
                schemes.append((name, scheme))
                origins[Self.pointer(["components", "securitySchemes", name])] = Self.pointer(["securityDefinitions", name])
            }
        }
        if !schemes.isEmpty { members.append(("securitySchemes", .object(schemes))) }
        return .object(members)
    }

    /// basic → HTTP Basic; apiKey as it is; oauth2 with its one flow under `flows`.
    private mutating func securityScheme(_ definition: JSONValue, at tokens: [String]) -> JSONValue? {
        let description = definition["description"].map { [(key: "description", value: $0)] } ?? []
        switch OpenAPISource.string(definition["type"]) {
        case "basic"?:
            return .object([("type", .string("http")), ("scheme", .string("basic"))] + description)
        case "apiKey"?:
            return .object(
                [
                    ("type", .string("apiKey")), ("name", definition["name"] ?? .string("")),
                    ("in", definition["in"] ?? .string("header")),
                ] + description)
        case "oauth2"?:
            let flowNames = [
                "implicit": "implicit", "password": "password", "application": "clientCredentials",
                "accessCode": "authorizationCode",
            ]
            let given = OpenAPISource.string(definition["flow"]) ?? ""
            guard let flow = flowNames[given] else {
                note(tokens + ["flow"], "OAuth 2 flow '\(given)' is not mapped")
                return nil
            }
            var members: [(key: String, value: JSONValue)] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = definition[key] { members.append((key, value)) }
            }
            members.append(("scopes", definition["scopes"] ?? .object([])))
            return .object([("type", .string("oauth2")), ("flows", .object([(flow, .object(members))]))] + description)
        case let other:
            note(tokens, "security definition type '\(other ?? "")' is not mapped (basic, apiKey and oauth2 are)")
            return nil
        }
    }
}
