import Foundation

extension EndpointWriter {
    /// The path item's parameters with the operation's, an operation's replacing the path's of
    /// the same name and place; references followed.
    mutating func mergedParameters(shared: [JSONValue], own: [JSONValue], at tokens: [String])
        -> [(value: JSONValue, tokens: [String])]
    {
        var result: [(value: JSONValue, tokens: [String])] = []
        for (list, listTokens) in [(shared, Array(tokens.dropLast()) + ["parameters"]), (own, tokens + ["parameters"])] {
            for (index, parameter) in list.enumerated() {
                guard let resolved = source.resolve(parameter) else {
                    note(.notMapped, listTokens + [String(index)], "the parameter's reference leads nowhere: not declared")
                    continue
                }
                result.removeAll { $0.value["name"] == resolved["name"] && $0.value["in"] == resolved["in"] }
                result.append((resolved, listTokens + [String(index)]))
            }
        }
        return result
    }

    /// `.query("limit", .int, sample: .literal(20))`, or nil (and a note) for one not declared.
    /// `keepingAccept` declares an `Accept` header: that of an operation whose success answer has
    /// no content to say the media type (a HEAD, as `apicheck openapi` writes one).
    mutating func declaration(
        of parameter: JSONValue, at tokens: [String], operation endpoint: (id: String, method: String), path: String,
        types: inout SchemaMapper, keepingAccept: Bool = false
    ) -> String? {
        guard let name = OpenAPISource.string(parameter["name"]), let place = OpenAPISource.string(parameter["in"]) else {
            note(.notMapped, tokens, "a parameter without a name or 'in': not declared")
            return nil
        }
        let required = place == "path" || OpenAPISource.bool(parameter["required"])
        switch place {
        case "header" where name.lowercased() == "accept" && keepingAccept:
            break
        case "header" where ["accept", "content-type", "authorization"].contains(name.lowercased()):
            note(.notMapped, tokens, "header '\(name)' is not declared: OpenAPI says it is ignored (the content type and auth say it)")
            return nil
        case "header" where ImportedCSRF.isCSRFName(name):
            note(.notMapped, tokens, "header '\(name)' is not declared: the auth policy sends the CSRF token (requiringCSRF)")
            return nil
        case "path", "query", "header", "cookie":
            break
        default:
            note(.notMapped, tokens, "parameter '\(name)' in '\(place)' is not mapped")
            return nil
        }
        let schema = parameter["schema"].flatMap { scalarBranch(of: $0) } ?? .object([])
        if parameter["schema"] == nil {
            note(.notMapped, tokens, "parameter '\(name)' has no schema (a 'content' one?): declared String")
        }
        var scalar = Self.scalarType(schema)
        var list: String?
        var allowed = parameter["schema"].flatMap(allowedValues(of:))
        if OpenAPISource.string(schema["type"]) == "array" {
            let items = schema["items"].flatMap { source.resolve($0) } ?? .object([])
            scalar = Self.scalarType(items)
            allowed = schema["items"].flatMap(allowedValues(of:))
            if place == "query" {
                let explode = parameter["explode"].map { $0 == .bool(true) } ?? true
                let style = OpenAPISource.string(parameter["style"]) ?? "form"
                if style != "form" { note(.notMapped, tokens, "style '\(style)' of '\(name)' is not mapped: sent as repeated k=a&k=b") }
                list = explode || style != "form" ? ".repeated" : ".commaSeparated"
            } else if place == "path" || place == "header", (OpenAPISource.string(parameter["style"]) ?? "simple") == "simple" {
                // `simple` joins an array's items with commas, exploded or not.
                list = ".commaSeparated"
            } else {
                note(.notMapped, tokens, "a list in the \(place) ('\(name)') is not mapped: declared as one String")
                scalar = nil
            }
        }
        let type: String
        if let scalar {
            type = scalar
        } else {
            type = ".string"
            if list == nil, parameter["schema"] != nil, OpenAPISource.string(schema["type"]) != "array" {
                let why = Self.untyped(schema)
                note(.notMapped, tokens, "parameter '\(name)' \(why): declared String", gist: "a parameter that \(why): declared String")
            }
        }
        var sample: String?
        let example = sampleValue(parameter, schema: schema, required: required, guessing: endpoint.method != "delete").flatMap {
            Self.literal($0, as: type, list: list != nil)
        }
        let selection =
            example == nil
            ? bulkSelection(parameter, schema: schema, required: required, at: tokens, operation: endpoint, path: path) : nil
        // A path's example names one thing (`/collections/{id}`, `1e30d217-…`) that is seldom the
        // server's: the path reads a variable, the example sent only while it is unset. An enum's
        // value is the server's own and stays.
        if let selection {
            sample = selection.sample
        } else if let example, place != "path" || !OpenAPISource.enumValues(schema).isEmpty {
            sample = ".literal(\(example))"
        } else if required || example != nil {
            var variable =
                place == "path"
                ? pathVariables.name(prefix: variablePrefix, parameter: name, path: path)
                : SampleVariable.name(prefix: variablePrefix, place: place, parameter: name, path: path)
            // A sample reading the auth policy's variable would send the credential where the
            // parameter goes (a URL, which logs keep) and to a server that wants another value.
            let reserved = Set(security.variables + (security.policy == nil ? [] : ["\(variablePrefix)_TOKEN"]))
            if reserved.contains(variable) {
                let apart = SampleVariable.name(variable, apartFrom: reserved, prefix: variablePrefix, place: place, path: path)
                note(
                    .needsValue, tokens,
                    "the \(place) parameter '\(name)' reads $\(apart), not $\(variable), which holds the auth policy's credential")
                variable = apart
            }
            sample = ".environment(\(SwiftName.literal(variable)), fallback: \(example ?? "nil"))"
            let use = SampleVariable.Use(
                operation: endpoint.id, place: place, parameter: name, hasExample: example != nil,
                address: place == "path" && AddressPaths.leadingName(path) == name)
            if let index = sampleVariables.firstIndex(where: { $0.name == variable }) {
                sampleVariables[index].uses.append(use)
            } else {
                sampleVariables.append(SampleVariable(name: variable, location: OpenAPISource.location(tokens), uses: [use]))
            }
        }
        let sampleText = sample.map { ", sample: \($0)" } ?? ""
        let literalName = SwiftName.literal(name)
        var declared = Self.call(place: place, list: list, name: literalName, type: type, required: required, sample: sampleText)
        if let allowed, scalar != nil { declared += ".allowing([\(allowed.map(SwiftName.literal).joined(separator: ", "))])" }
        if type == ".string", let format = ParameterFormat.of(parameter["schema"], in: source) { declared += ".formatted(.\(format))" }
        // OpenAPI gives `allowEmptyValue` meaning in the query only.
        if place == "query", OpenAPISource.bool(parameter["allowEmptyValue"]) { declared += ".allowingEmptyValue()" }
        if place == "path", AddressPaths.leadingName(path) == name { declared += ".holdingAddress()" }
        // Marked so that `live` takes a client error to it for a refusal of the guess, not a finding.
        if selection?.madeUp == true { declared += ".madeUp()" }
        return declared
    }

    /// The values a parameter's schema allows, its branches' together (`anyOf` of two enums), or
    /// nil when any branch allows any value of its type.
    private func allowedValues(of schema: JSONValue) -> [String]? {
        guard let resolved = source.resolve(schema) else { return nil }
        if let own = Self.allowedValues(resolved) { return own }
        let branches = (OpenAPISource.array(resolved["oneOf"]) + OpenAPISource.array(resolved["anyOf"]))
            .compactMap { source.resolve($0) }.filter { OpenAPISource.string($0["type"]) != "null" }
        guard !branches.isEmpty else { return nil }
        var all: [String] = []
        for branch in branches {
            guard let values = Self.allowedValues(branch) else { return nil }
            all += values.filter { !all.contains($0) }
        }
        return all
    }

    /// A schema's `enum` (or `const`) as the text a request carries, or nil when it lists none
    /// or lists a value no request could carry as text (an object, an array, null).
    static func allowedValues(_ schema: JSONValue) -> [String]? {
        let values = OpenAPISource.enumValues(schema).filter { $0 != .null }
        guard !values.isEmpty else { return nil }
        var texts: [String] = []
        for value in values {
            switch value {
            case let .string(text), let .number(text): texts.append(text)
            case let .bool(flag): texts.append(flag ? "true" : "false")
            default: return nil
            }
        }
        return texts
    }

    private static func call(
        place: String, list: String?, name literalName: String, type: String, required: Bool, sample sampleText: String
    )
        -> String
    {
        switch (place, list) {
        case ("path", _?):
            return ".pathList(\(literalName), \(type)\(sampleText))"
        case ("path", nil):
            return ".path(\(literalName), \(type)\(sampleText))"
        case ("header", _?):
            return ".headerList(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        case ("query", let style?):
            return ".queryList(\(literalName), \(type), \(style)\(required ? ", required: true" : "")\(sampleText))"
        case ("query", nil):
            return ".query(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        case ("cookie", _):
            return ".cookie(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        default:
            return ".header(\(literalName), \(type)\(required ? ", required: true" : "")\(sampleText))"
        }
    }

    /// The parameter's schema, references followed; a `oneOf`/`anyOf` whose branches other than
    /// `null` are all of one scalar type (FastAPI's `Optional[bool]` is `anyOf: [{type: boolean},
    /// {type: null}]`; a uuid-or-name is two strings), or all arrays of one (`Optional[List[str]]`
    /// is `anyOf: [{type: array, items: {type: string}}, {type: null}]`), is its first such
    /// branch, with the union's own example, default or enum kept for the sample.
    private func scalarBranch(of schema: JSONValue) -> JSONValue? {
        guard let resolved = source.resolve(schema) else { return nil }
        let branches = OpenAPISource.array(resolved["oneOf"]) + OpenAPISource.array(resolved["anyOf"])
        guard !branches.isEmpty else { return resolved }
        let typed = branches.compactMap { source.resolve($0) }.filter { OpenAPISource.string($0["type"]) != "null" }
        guard let first = typed.first, let type = scalarOrList(first),
            typed.allSatisfy({ scalarOrList($0) == type })
        else { return resolved }
        var members = OpenAPISource.members(first)
        for key in ["example", "default", "enum"] where first[key] == nil {
            if let value = resolved[key] { members.append((key, value)) }
        }
        return .object(members)
    }

    /// A scalar type (`.string`), or a list (`[.string]`, `[]` for items without a scalar type,
    /// which a list declares as strings); nil for any other schema.
    private func scalarOrList(_ schema: JSONValue) -> String? {
        guard OpenAPISource.string(schema["type"]) == "array" else { return Self.scalarType(schema) }
        let items = schema["items"].flatMap { source.resolve($0) } ?? .object([])
        return "[\(Self.scalarType(items) ?? "")]"
    }

    static func scalarType(_ schema: JSONValue) -> String? {
        let type =
            OpenAPISource.string(schema["type"])
            ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first { $0 != "null" }
        switch type {
        case "string"?: return ".string"
        case "integer"?: return OpenAPISource.string(schema["format"]) == "int64" ? ".int64" : ".int"
        case "number"?: return ".double"
        case "boolean"?: return ".bool"
        case nil where !OpenAPISource.enumValues(schema).isEmpty: return ".string"
        default: return nil
        }
    }

    /// A value as a `ParameterValue` literal of the declared type, or nil when it is not one.
    static func literal(_ value: JSONValue, as type: String, list: Bool) -> String? {
        if list {
            let items = OpenAPISource.array(value).isEmpty ? [value] : OpenAPISource.array(value)
            let literals = items.compactMap { literal($0, as: type, list: false) }
            return literals.count == items.count ? "[" + literals.joined(separator: ", ") + "]" : nil
        }
        switch (type, value) {
        case (".string", .string(let text)): return SwiftName.literal(text)
        case (".string", .number(let text)): return SwiftName.literal(text)
        case (".int", .number(let text)), (".int64", .number(let text)): return Int64(text).map(String.init)
        case (".int", .string(let text)), (".int64", .string(let text)): return Int64(text).map(String.init)
        case (".double", .number(let text)): return Double(text).map { String($0) }
        case (".bool", .bool(let flag)): return String(flag)
        default: return nil
        }
    }

    static func methodExpression(_ method: String) -> String {
        ["get", "put", "post", "delete", "patch", "head"].contains(method)
            ? ".\(method)"
            : "HTTPMethod(rawValue: \(SwiftName.literal(method.uppercased())))"
    }

    /// The names between braces in a path template, in order (`/pets/{petId}` → `petId`).
    /// The path with `{+name}` for each parameter that says its value spans segments
    /// (`x-apicheck-multi-segment`, as `apicheck openapi` writes `{+name}`).
    static func spanning(_ path: String, parameters: [JSONValue]) -> String {
        parameters.reduce(path) { path, parameter in
            guard parameter["in"] == .string("path"), parameter[OpenAPIDocument.multiSegmentExtension] == .bool(true),
                let name = OpenAPISource.string(parameter["name"])
            else { return path }
            return path.replacingOccurrences(of: "{\(name)}", with: "{+\(name)}")
        }
    }

    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close].drop { $0 == "+" }
            if !name.isEmpty, !names.contains(String(name)) { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
