extension SwaggerConversion {
    mutating func paths() -> JSONValue {
        var paths: [(key: String, value: JSONValue)] = []
        for (path, item) in OpenAPISource.members(root["paths"]) {
            let tokens = ["paths", path]
            if let reference = OpenAPISource.string(item["$ref"]) {
                note(tokens + ["$ref"], "the path item's reference '\(reference)' is not followed: not declared")
                continue
            }
            var members: [(key: String, value: JSONValue)] = []
            let shared = OpenAPISource.array(item["parameters"])
            let (kept, _) = splitParameters(shared, at: tokens + ["parameters"], converted: tokens + ["parameters"])
            if !kept.isEmpty { members.append(("parameters", .array(kept))) }
            for (key, value) in OpenAPISource.members(item) where key != "parameters" {
                if EndpointWriter.methods.contains(key) {
                    members.append((key, operation(value, shared: shared, at: tokens + [key])))
                } else if key.hasPrefix("x-") {
                    members.append((key, value))
                } else {
                    note(tokens + [key], "'\(key)' on a path is not mapped")
                }
            }
            paths.append((path, .object(members)))
        }
        return .object(paths)
    }

    mutating func operation(_ operation: JSONValue, shared: [JSONValue], at tokens: [String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for key in ["tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security"] {
            if let value = operation[key] { members.append((key, value)) }
        }
        if operation["schemes"] != nil { note(tokens + ["schemes"], "an operation's schemes are not mapped") }
        let consumes = operation["consumes"].map { Self.strings($0) } ?? self.consumes
        let produces = operation["produces"].map { Self.strings($0) } ?? self.produces
        let own = OpenAPISource.array(operation["parameters"])
        let (kept, bodies) = splitParameters(own, at: tokens + ["parameters"], converted: tokens + ["parameters"])
        if !kept.isEmpty { members.append(("parameters", .array(kept))) }

        // The operation's body parameters replace the path's; its form fields join the path's.
        let sharedBodies = splitParameters(shared, at: Array(tokens.dropLast()) + ["parameters"], converted: nil).bodies
        let body = bodies.first { $0.place == "body" } ?? sharedBodies.first { $0.place == "body" }
        let fields = sharedBodies.filter { $0.place == "formData" } + bodies.filter { $0.place == "formData" }
        if let body {
            if let reference = body.reference {
                members.append(("requestBody", .object([("$ref", .string(reference))])))
            } else {
                members.append(("requestBody", requestBody(body.value, consumes: consumes, at: body.tokens)))
                recordBodyOrigins(tokens + ["requestBody"], parameter: body.tokens, consumes: consumes)
            }
            origins[Self.pointer(tokens + ["requestBody"])] = Self.pointer(body.tokens)
            for field in fields {
                note(field.tokens, "form field beside a body parameter: not mapped")
            }
        } else if !fields.isEmpty {
            members.append(("requestBody", formBody(fields, consumes: consumes, converted: tokens + ["requestBody"])))
            origins[Self.pointer(tokens + ["requestBody"])] = Self.pointer(fields[0].tokens)
        }

        var responses: [(key: String, value: JSONValue)] = []
        for (status, response) in OpenAPISource.members(operation["responses"]) {
            responses.append(
                (
                    status,
                    self.response(
                        response, produces: produces, at: tokens + ["responses", status],
                        converted: tokens + ["responses", status])
                ))
        }
        members.append(("responses", .object(responses)))
        for (key, value) in OpenAPISource.members(operation) where key.hasPrefix("x-") { members.append((key, value)) }
        return .object(members)
    }

    private struct BodyParameter {
        /// `body` or `formData`.
        var place: String
        var value: JSONValue
        /// Its own place in the Swagger document (the referenced one's when it is a reference).
        var tokens: [String]
        /// The converted reference (`#/components/requestBodies/X`) of a referenced body.
        var reference: String?
    }

    /// The parameters that stay parameters (converted, references rewritten), and the body and
    /// form ones (references followed), which become the request body. `converted`: where the
    /// kept ones go, to record their origins (their indexes change when a body leaves the list).
    private mutating func splitParameters(_ list: [JSONValue], at tokens: [String], converted: [String]?)
        -> (kept: [JSONValue], bodies: [BodyParameter])
    {
        var kept: [JSONValue] = []
        var bodies: [BodyParameter] = []
        for (index, parameter) in list.enumerated() {
            let own = tokens + [String(index)]
            if let reference = OpenAPISource.string(parameter["$ref"]) {
                guard reference.hasPrefix("#/parameters/") else {
                    if converted != nil { note(own, "the parameter's reference '\(reference)' is not followed: not declared") }
                    continue
                }
                let name = Self.unescape(String(reference.dropFirst("#/parameters/".count)))
                guard let target = root["parameters"]?[name] else {
                    if converted != nil { note(own, "the parameter's reference '\(reference)' leads nowhere: not declared") }
                    continue
                }
                switch OpenAPISource.string(target["in"]) {
                case "body"?:
                    bodies.append(
                        BodyParameter(
                            place: "body", value: target, tokens: ["parameters", name],
                            reference: Self.pointer(["components", "requestBodies", name])))
                case "formData"?:
                    bodies.append(BodyParameter(place: "formData", value: target, tokens: ["parameters", name]))
                default:
                    if let converted { origins[Self.pointer(converted + [String(kept.count)])] = Self.pointer(own) }
                    kept.append(.object([("$ref", .string(Self.pointer(["components", "parameters", name])))]))
                }
                continue
            }
            switch OpenAPISource.string(parameter["in"]) {
            case "body"?, "formData"?:
                bodies.append(BodyParameter(place: OpenAPISource.string(parameter["in"])!, value: parameter, tokens: own))
            default:
                guard let converted else { continue }
                recordParameterOrigins(converted + [String(kept.count)], original: own)
                kept.append(self.parameter(parameter, at: own))
            }
        }
        return (kept, bodies)
    }

    /// A path, query or header parameter: its type, format, items, enum and validation keywords
    /// become its `schema`; `collectionFormat` its `style` and `explode`; `x-example` its example.
    mutating func parameter(_ parameter: JSONValue, at tokens: [String]) -> JSONValue {
        let place = OpenAPISource.string(parameter["in"]) ?? ""
        var members: [(key: String, value: JSONValue)] = []
        for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
            if let value = parameter[key] { members.append((key, value)) }
        }
        if OpenAPISource.string(parameter["type"]) == "array" {
            let format = OpenAPISource.string(parameter["collectionFormat"]) ?? "csv"
            switch (format, place) {
            case ("csv", "query"):
                members += [("style", .string("form")), ("explode", .bool(false))]
            case ("csv", _):
                members += [("style", .string("simple")), ("explode", .bool(false))]
            case ("multi", "query"):
                members += [("style", .string("form")), ("explode", .bool(true))]
            case ("ssv", "query"):
                members += [("style", .string("spaceDelimited")), ("explode", .bool(false))]
            case ("pipes", "query"):
                members += [("style", .string("pipeDelimited")), ("explode", .bool(false))]
            default:
                note(tokens + ["collectionFormat"], "collectionFormat '\(format)' in the \(place) is not mapped")
            }
        }
        members.append(("schema", schema(parameter, at: tokens, fieldsOnly: true)))
        if let example = parameter["x-example"] { members.append(("example", example)) }
        for (key, value) in OpenAPISource.members(parameter) where key.hasPrefix("x-") && key != "x-example" {
            members.append((key, value))
        }
        return .object(members)
    }

    mutating func recordParameterOrigins(_ converted: [String], original: [String]) {
        origins[Self.pointer(converted)] = Self.pointer(original)
        // The schema is made of the parameter's own fields.
        origins[Self.pointer(converted + ["schema"])] = Self.pointer(original)
    }

    /// A `body` parameter as a request body under each media type consumed (JSON when none is),
    /// its `x-example` each media type's example, as a parameter's is its example.
    mutating func requestBody(_ parameter: JSONValue, consumes: [String], at tokens: [String]) -> JSONValue {
        let schema = parameter["schema"].map { self.schema($0, at: tokens + ["schema"]) } ?? .object([])
        var members: [(key: String, value: JSONValue)] = []
        if let description = parameter["description"] { members.append(("description", description)) }
        if let required = parameter["required"] { members.append(("required", required)) }
        let types = consumes.isEmpty ? [Self.jsonMediaType] : consumes
        var media: [(key: String, value: JSONValue)] = [("schema", schema)]
        if let example = parameter["x-example"] { media.append(("example", example)) }
        members.append(("content", .object(types.map { ($0, .object(media)) })))
        return .object(members)
    }

    mutating func recordBodyOrigins(_ converted: [String], parameter: [String], consumes: [String]) {
        for type in consumes.isEmpty ? [Self.jsonMediaType] : consumes {
            origins[Self.pointer(converted + ["content", type])] = Self.pointer(parameter)
            origins[Self.pointer(converted + ["content", type, "schema"])] = Self.pointer(parameter + ["schema"])
            origins[Self.pointer(converted + ["content", type, "example"])] = Self.pointer(parameter + ["x-example"])
        }
    }

    /// `formData` parameters as one form body: multipart when the operation consumes it or a
    /// field is a file, else URL-encoded; each field a property of its schema.
    private mutating func formBody(_ fields: [BodyParameter], consumes: [String], converted: [String]) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        var required: [JSONValue] = []
        var file = false
        for field in fields {
            guard let name = OpenAPISource.string(field.value["name"]) else { continue }
            if OpenAPISource.string(field.value["type"]) == "file" { file = true }
            properties.append((name, schema(field.value, at: field.tokens, fieldsOnly: true)))
            if OpenAPISource.bool(field.value["required"]) { required.append(.string(name)) }
        }
        let multipart = file || consumes.contains("multipart/form-data")
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        // A note about a field points at its own parameter, not at the form's first.
        for field in fields {
            guard let name = OpenAPISource.string(field.value["name"]) else { continue }
            let property = converted + ["content", type, "schema", "properties", name]
            origins[Self.pointer(property)] = Self.pointer(field.tokens)
        }
        var schema: [(key: String, value: JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { schema.append(("required", .array(required))) }
        // A form with a field it requires is a body a request must carry.
        return .object([
            ("required", .bool(!required.isEmpty)), ("content", .object([(type, .object([("schema", .object(schema))]))])),
        ])
    }
}
