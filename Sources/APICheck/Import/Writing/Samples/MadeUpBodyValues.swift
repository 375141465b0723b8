/// What a request body made up from the schema sends in place of the schema's `"string"` and `1`,
/// which name real objects or collide with what an earlier run left: Aim refused a second run's
/// tag named `string` (the first run's), Superset's `POST /api/v1/query/stop` sent
/// `"client_id": "string"`, and its bodies sent `owners: [1]`, the admin. A free text member of
/// the body is sent unique to the run (`apicheck-<run id>`, through
/// `RequestBody.json(_:sample:replacing:)`), and a made-up id or list of ids is the largest 32-bit
/// integer, an id no server has reached, where the schema allows each.
struct MadeUpBodyValues {
    let source: OpenAPISource

    /// The shortest `maxLength` that takes `apicheck-` and a run id (`LiveOptions.makeRunID`).
    static let shortestLength = 24
    /// The longest `minLength` the run's name reaches.
    static let longestMinimum = 20
    /// Formats whose made-up value names no object.
    static let namelessFormats: Set<String> = ["date", "date-time", "time", "duration", "byte", "binary", "password"]
    /// The formats of JSON Schema and OpenAPI (and `url`, `ip`) whose values the run's name is
    /// not. A format of the API's own (Jupyter's `path`) says nothing a server checks against
    /// it: the run's name is sent there, so that a made-up rename's target is the run's file.
    static let constrainingFormats: Set<String> = [
        "date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "ip",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "url", "uuid", "json-pointer", "relative-json-pointer",
        "regex", "byte", "binary", "password", "int32", "int64", "float", "double", "decimal",
    ]
    /// An id no server has reached.
    static let unreached = "2147483647"
    /// Integer formats that hold the unreached id.
    static let widestFormats: Set<String> = ["int32", "int64", "uint32", "uint64"]

    /// The top-level text members of `value` (a body made from `schema`) sent unique to the run,
    /// and those whose format, pattern or length forbids that, each with why.
    func runNamed(_ value: JSONValue, schema: JSONValue) -> (members: [String], unfit: [String]) {
        guard case let .object(members) = value else { return ([], []) }
        let properties = source.properties(of: schema)
        var named: [String] = [], unfit: [String] = []
        for (key, member) in members {
            guard case .string = member, let declared = properties.last(where: { $0.key == key })?.value,
                let property = source.resolve(declared), OpenAPISource.string(property["type"]) == "string",
                property["enum"] == nil, property["const"] == nil
            else { continue }
            if let format = OpenAPISource.string(property["format"]), Self.namelessFormats.contains(format) {
                // A time or a file's bytes names nothing: said of the formats that may (a uuid, a URI).
                continue
            }
            if let reason = Self.unfitForRunName(property) { unfit.append("\(key) (\(reason))") } else { named.append(key) }
        }
        return (named, unfit)
    }

    /// Why a text schema cannot take the run's name (`apicheck-<run id>`): its format, pattern,
    /// enum or length; nil where it can.
    static func unfitForRunName(_ schema: JSONValue) -> String? {
        if let format = OpenAPISource.string(schema["format"]), constrainingFormats.contains(format.lowercased()) {
            return "format \(format)"
        }
        if schema["pattern"] != nil { return "a pattern" }
        if schema["enum"] != nil || schema["const"] != nil { return "an enum" }
        if let longest = OpenAPISource.int(schema["maxLength"]), longest < shortestLength { return "maxLength \(longest)" }
        if let shortest = OpenAPISource.int(schema["minLength"]), shortest > longestMinimum { return "minLength \(shortest)" }
        return nil
    }

    /// `value` with each made-up integer id (a member named `id`, `…_id`, `…Id`, or `pk`) and each
    /// item of a list of integers (`owners`, `roles`, `dashboards`: ids, in a request) the
    /// unreached id, where the schema's bounds take it; the rest as made.
    func namingNothing(_ value: JSONValue, schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 16, let schema = source.resolve(schema) else { return value }
        switch value {
        case let .object(members):
            let properties = source.properties(of: schema)
            return .object(
                members.map { key, member in
                    guard let declared = properties.last(where: { $0.key == key })?.value else { return (key, member) }
                    if Self.isIDName(key), takesUnreached(member, declared) { return (key, .number(Self.unreached)) }
                    return (key, namingNothing(member, schema: declared, depth: depth + 1))
                })
        case let .array(items):
            guard let itemSchema = schema["items"] else { return value }
            return .array(
                items.map { item in
                    takesUnreached(item, itemSchema) ? .number(Self.unreached) : namingNothing(item, schema: itemSchema, depth: depth + 1)
                })
        default:
            return value
        }
    }

    /// Whether a made-up whole number of an integer schema may be the unreached id.
    private func takesUnreached(_ value: JSONValue, _ declared: JSONValue) -> Bool {
        guard case let .number(text) = value, !text.contains("."), let schema = source.resolve(declared),
            OpenAPISource.string(schema["type"]) == "integer", schema["enum"] == nil, schema["const"] == nil
        else { return false }
        // A narrower integer (`int8`, `int16`, `uint16`) would be refused for its range, not for the
        // id it names.
        if let format = OpenAPISource.string(schema["format"]), !Self.widestFormats.contains(format) { return false }
        let unreached = Double(Self.unreached)!
        if let maximum = schema["maximum"]?.doubleValue, maximum < unreached { return false }
        if let maximum = schema["exclusiveMaximum"]?.doubleValue, maximum <= unreached { return false }
        return true
    }

    /// `id`, `pk`, `datasource_id`, `themeId`, `userID`: a name that says the value is an id.
    static func isIDName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "id" || lower == "pk" || lower.hasSuffix("_id") || lower.hasSuffix("-id") || name.hasSuffix("Id")
            || name.hasSuffix("ID")
    }
}
