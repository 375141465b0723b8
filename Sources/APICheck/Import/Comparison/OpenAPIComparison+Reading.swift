import Foundation

/// The documents read as the import reads them: operations, parameters, answers and bodies.
extension OpenAPIComparison {
    static func operations(_ document: JSONValue) -> [Operation] {
        var result: [Operation] = []
        for (path, item) in OpenAPISource.members(document["paths"]) {
            let shared = OpenAPISource.array(item["parameters"])
            for method in methods {
                guard let operation = item[method], case .object = operation else { continue }
                let own = OpenAPISource.array(operation["parameters"])
                let parameters = own + shared.filter { parameter in !own.contains { sameParameter($0, parameter) } }
                result.append(
                    Operation(
                        key: "\(method) \(templateKey(path))", method: method, path: path, shown: "\(method.uppercased()) \(path)",
                        operation: operation, parameters: parameters))
            }
        }
        return result
    }

    /// The operation of the other document that `operation` is: the one of its method and path's
    /// shape (`shaped`); where several share that shape (paths that are a bare placeholder each,
    /// `{task_href}` and `{worker_href}`), the one of its operationId, else of its very path.
    static func counterpart(of operation: Operation, among shaped: [Operation]) -> Operation? {
        guard shaped.count > 1 else { return shaped.first }
        if let id = OpenAPISource.string(operation.operation["operationId"]),
            let same = shaped.first(where: { OpenAPISource.string($0.operation["operationId"]) == id })
        {
            return same
        }
        return shaped.first { $0.path == operation.path }
    }

    /// `/pets/{petId}` and `/pets/{id}` are one path.
    static func templateKey(_ path: String) -> String {
        var key = ""
        var inName = false
        for character in path {
            if character == "{" {
                inName = true; key += "{}"
            } else if character == "}" {
                inName = false
            } else if !inName {
                key.append(character)
            }
        }
        return key
    }

    /// Unresolved references compare by their text: the import reads them in place.
    static func sameParameter(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let reference = OpenAPISource.string(a["$ref"]) { return reference == OpenAPISource.string(b["$ref"]) }
        let place = OpenAPISource.string(a["in"])
        guard place == OpenAPISource.string(b["in"]), let name = OpenAPISource.string(a["name"]),
            let other = OpenAPISource.string(b["name"])
        else { return false }
        return place == "header" ? name.lowercased() == other.lowercased() : name == other
    }

    static func parameterName(_ parameter: JSONValue) -> String {
        "\(OpenAPISource.string(parameter["in"]) ?? "?") parameter \(OpenAPISource.string(parameter["name"]) ?? "?")"
    }

    static func requiresToken(_ operation: JSONValue, root: JSONValue) -> Bool {
        // A token the operation takes optionally (a scheme beside `{}`) is one the client sends,
        // as the import declares it.
        guard case let .array(requirements)? = operation["security"] ?? root["security"] else { return false }
        return requirements.contains { !OpenAPISource.members($0).isEmpty }
    }

    /// The success answer as the import picks it (`SuccessAnswer`).
    static func successKey(_ keys: [String]) -> String? { SuccessAnswer.key(among: keys) }

    static func isJSON(_ media: String) -> Bool {
        let type = media.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    /// The answer's JSON schema, its JSON media type read as the import reads it: a 204's content
    /// is none (drf-spectacular gives Label Studio's 204s an "Unspecified response body"), as the
    /// import declares `NoContent` for it and `apicheck openapi` writes it without content.
    static func jsonSchema(_ answer: JSONValue, status: Int) -> JSONValue? {
        SuccessAnswer.content(of: answer, status: status).flatMap(SuccessAnswer.jsonMedia).map { $0.1["schema"] ?? .object([]) }
    }

    /// The answer's JSON schema as the import declares it: a read whose answer has no content is
    /// `JSONValue` (any JSON, or an empty body), which `apicheck openapi` writes as JSON of any
    /// schema; nil when the client reads no JSON.
    static func declaredSchema(ofAnswer answer: JSONValue, status: Int, method: String) -> JSONValue? {
        if let schema = jsonSchema(answer, status: status) { return schema }
        let read = method == "get" && !SuccessAnswer.hasNoBody(status) && SuccessAnswer.content(of: answer, status: status) == nil
        return read ? .object([]) : nil
    }

    /// The media types of an answer that is bytes (`SuccessAnswer.bytesTypes`), as the package
    /// asks for them: named types, no range, no JSON type over a binary string.
    static func bytesTypes(_ answer: JSONValue) -> [String]? {
        SuccessAnswer.bytesTypes(answer["content"] ?? .object([])).map { types in
            types.compactMap(MediaType.init).filter { !$0.isRange && !$0.isJSON }.map(\.essence)
        }
    }

    /// Bytes in other media types than before: the client asks for the older ones (its `Accept`),
    /// which the server may refuse. Nil when the types are the same, in any order.
    static func bytesChange(old: JSONValue, new: JSONValue, subject: String, part: String) -> OpenAPIChange? {
        guard let before = bytesTypes(old), let after = bytesTypes(new), Set(before) != Set(after) else { return nil }
        let said = { (types: [String]) in types.isEmpty ? "any type" : types.joined(separator: ", ") }
        return OpenAPIChange(
            .contentChanged, breaking: !before.isEmpty && Set(after).isDisjoint(with: before), subject: subject, part: part,
            "bytes in \(said(before)) became \(said(after)): the client asks for \(said(before))")
    }

    /// The body the import declares: JSON, else a form, else multipart, else a file; with its schema.
    static func bodyMedia(_ body: JSONValue) -> (type: String, schema: JSONValue)? {
        let content = OpenAPISource.members(body["content"])
        if let json = content.first(where: { isJSON($0.key) }) { return ("JSON", json.value["schema"] ?? .object([])) }
        if let form = content.first(where: { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }) {
            return ("a form", form.value["schema"] ?? .object([]))
        }
        if let multipart = content.first(where: { $0.key.lowercased().hasPrefix("multipart/form-data") }) {
            return ("multipart", multipart.value["schema"] ?? .object([]))
        }
        if let file = content.first(where: { !$0.key.lowercased().hasPrefix("text/") && !$0.key.lowercased().contains("xml") }) {
            return ("a file", file.value["schema"] ?? .object([]))
        }
        return nil
    }

    /// A parameter's schema as the import declares it: one without a type is a `String`
    /// (`has no type: declared String`), so the `openapi` export's `type: string` for it is the
    /// same parameter, not a type that changed. So is one of several kinds or an object (`is an
    /// object or of several types: declared String`): FastAPI's filters take a uuid, a string or
    /// a list of them, 485 query parameters of ZenML's document.
    static func declaredSchema(ofParameter parameter: JSONValue, in source: OpenAPISource) -> JSONValue {
        let schema = parameter["schema"] ?? .object([])
        guard let resolved = source.resolve(schema) else { return schema }
        if ["union", "object", "map"].contains(SchemaComparison.kind(resolved, in: source)) {
            return .object([("type", .string("string"))])
        }
        guard SchemaComparison.kind(resolved, in: source) == "any",
            OpenAPISource.array(resolved["anyOf"]).isEmpty, OpenAPISource.array(resolved["oneOf"]).isEmpty
        else { return schema }
        var members = OpenAPISource.members(resolved).filter { $0.key != "type" }
        members.insert(("type", .string("string")), at: 0)
        return .object(members)
    }
}
