import Foundation

/// A plausible JSON value made from a schema, for a success answer the document gives no example
/// of: the schema's own `example`, `default` or first `enum` value where it has one (an example
/// or default only when it fits the schema, as `ExampleFit` tells: one that does not would make
/// a mock that fails `apicheck mocks`, a body that does not decode), else a value of its type (a string's format respected) that the imported types decode. Every property is
/// filled, however deep, so that a server answering as the schema says shows nothing the mock
/// lacks; a reference met a second time on the way down (a recursive schema) fills its required
/// members only and no array items, so recursive schemas end, and a depth cap bounds the rest.
///
/// A request body is made to be accepted rather than to show everything: an object that names
/// required members gets those only (an optional `id` may turn a create into an update of
/// nothing), and its dates are distinct, in the future and increasing in member order (a start
/// before an end, neither in the past).
struct ExampleMaker {
    /// What the value is made for: a request body leaves out `readOnly` properties (a server
    /// refuses them: "Property is read-only"), an answer `writeOnly` ones (a password).
    enum Purpose { case request, answer }

    let source: OpenAPISource
    var purpose = Purpose.answer
    /// The API's base URL (`http://127.0.0.1:24817/`): an answer's made-up link (`format: uri`)
    /// is on it, so that `serve`, which rewrites links to the API's servers onto its own origin,
    /// sends a link that leads back to it. Nil: `https://example.com/`.
    var linkBase: String?
    /// Below this depth every property is made; past it only the required ones.
    static let fullDepth = 16
    /// Past this depth nothing is made (`null`): a last bound on chains of required members.
    static let maximumDepth = 24
    /// Values made for one mock before the rest is made as past `fullDepth`: a bound on schemas
    /// that reach many others many levels deep without recursing.
    static let budget = 20_000
    /// The most items an array's `minItems` makes.
    static let maximumItems = 100
    /// The first date a request is made with (2100-01-01T00:00:00Z): fixed, so that an import is
    /// reproducible, and far enough ahead that a server refusing dates in the past takes it.
    static let firstRequestInstant: TimeInterval = 4_102_444_800
    /// The value made for a `uuid` string.
    static let madeUpUUID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"

    /// A schema's example (or default) that its schema does not decode, passed over for a value
    /// of the type: where it is in the document, and how it departs.
    struct PassedOver: Equatable {
        var tokens: [String]
        var misfit: String
    }

    /// What one value's making carries down: the budget left, and the values passed over.
    private struct Walk {
        var budget = ExampleMaker.budget
        var passedOver: [PassedOver] = []
        /// Dates made for a request so far: the next is one day later.
        var instants = 0
    }

    func value(for schema: JSONValue, depth: Int = 0) -> JSONValue {
        var walk = Walk()
        return value(for: schema, depth: depth, seen: [:], at: [], walk: &walk)
    }

    /// The value; whether it is the schema's own example or default as a whole, the document's
    /// value rather than one made; and the document's values under `tokens` (where `schema` is)
    /// that it passed over because they do not fit their schema: a mock or body holding one
    /// would not decode.
    func made(for schema: JSONValue, at tokens: [String]) -> (value: JSONValue, given: Bool, passedOver: [PassedOver]) {
        var walk = Walk()
        let value = value(for: schema, depth: 0, seen: [:], at: tokens, walk: &walk)
        let own = resolve(schema, at: tokens).map { resolved in
            [resolved.0["example"], OpenAPISource.array(resolved.0["examples"]).first, resolved.0["default"]]
        }
        return (value, own?.contains(value) ?? false, walk.passedOver)
    }

    /// `seen`: how often each reference was followed on the way down to here; `tokens`: where
    /// the schema is in the document, the referenced component's place once a reference is followed.
    private func value(for schema: JSONValue, depth: Int, seen: [String: Int], at tokens: [String], walk: inout Walk) -> JSONValue {
        var seen = seen
        if let reference = OpenAPISource.string(schema["$ref"]) { seen[reference, default: 0] += 1 }
        guard depth < Self.maximumDepth, let (schema, tokens) = resolve(schema, at: tokens) else { return .null }
        walk.budget -= 1
        let recursive = seen.values.contains { $0 > 1 } || walk.budget <= 0
        let given: [(JSONValue?, [String])] = [
            (schema["example"], ["example"]), (OpenAPISource.array(schema["examples"]).first, ["examples", "0"]),
            (schema["default"], ["default"]),
        ]
        for case let (value?, place) in given {
            guard let misfit = ExampleFit(source: source, purpose: purpose).describe(value, schema) else { return value }
            walk.passedOver.append(PassedOver(tokens: tokens + place, misfit: misfit))
        }
        if let first = OpenAPISource.enumValues(schema).first(where: { $0 != .null }) { return first }
        if let branches = union(schema) {
            guard let branch = branches.first(where: { OpenAPISource.string($0.schema["type"]) != "null" }) else { return .null }
            var made = value(for: branch.schema, depth: depth + 1, seen: seen, at: tokens + branch.tokens, walk: &walk)
            // The discriminator says which branch it is, so the made value decodes as that branch
            // rather than as an unknown kind.
            if let property = OpenAPISource.string(schema["discriminator"]?["propertyName"]),
                let selected = discriminatorValue(of: branch.schema, in: schema), case .object = made
            {
                made.set(.string(selected), at: JSONPath([.key(property)]))
            }
            return made
        }
        let parts = OpenAPISource.array(schema["allOf"])
        if parts.count == 1, OpenAPISource.members(schema["properties"]).isEmpty {
            // `allOf: [$ref]` alone, to give a reference a description or `nullable`, is the
            // reference, as the mapper declares it: merged as an object's members, a referenced
            // `oneOf` would add none and make `{}`, which no branch decodes.
            return value(for: parts[0], depth: depth, seen: seen, at: tokens + ["allOf", "0"], walk: &walk)
        }
        if !parts.isEmpty || !OpenAPISource.members(schema["properties"]).isEmpty {
            let requiredOnly = recursive || depth >= Self.fullDepth || (purpose == .request && !requiredMembers(schema).isEmpty)
            return object(schema, depth: depth, seen: seen, at: tokens, requiredOnly: requiredOnly, walk: &walk)
        }
        let type =
            OpenAPISource.string(schema["type"])
            ?? OpenAPISource.array(schema["type"]).compactMap { OpenAPISource.string($0) }.first { $0 != "null" }
        switch type {
        case "string"?: return .string(string(format: OpenAPISource.string(schema["format"]), walk: &walk))
        case "integer"?: return .number("1")
        case "number"?: return .number("1.5")
        case "boolean"?: return .bool(true)
        case "array"?:
            if case let .array(prefix)? = schema["prefixItems"], !recursive, depth < Self.fullDepth {
                // A tuple (3.1's `prefixItems`): one value per place, as its `minItems` wants.
                return .array(
                    prefix.enumerated().map { index, item in
                        value(for: item, depth: depth + 1, seen: seen, at: tokens + ["prefixItems", String(index)], walk: &walk)
                    })
            }
            guard !recursive, depth < Self.fullDepth, let items = schema["items"] else { return .array([]) }
            let item = value(for: items, depth: depth + 1, seen: seen, at: tokens + ["items"], walk: &walk)
            let minimum = OpenAPISource.int(schema["minItems"])
            // An item with nothing to make (`items: {}`) is no item: a request body of `[null]`
            // is refused by servers that take `[]`, and an answer's mock says no more with it.
            if item == .null, (minimum ?? 0) <= 0 { return .array([]) }
            // As many items as `minItems` asks (a GeoJSON position has two numbers at least), the
            // same one repeated; capped, so that a document's large minimum makes no huge mock.
            let count = min(max(1, minimum ?? 1), Self.maximumItems)
            return .array(Array(repeating: item, count: count))
        case "object"?:
            if let additional = schema["additionalProperties"], case .object = additional, !recursive, depth < Self.fullDepth {
                return .object([
                    ("key", value(for: additional, depth: depth + 1, seen: seen, at: tokens + ["additionalProperties"], walk: &walk))
                ])
            }
            return .object([])
        default:
            return .null
        }
    }

    /// Every property of the object and of its `allOf` members, or their required ones only.
    private func object(
        _ schema: JSONValue, depth: Int, seen: [String: Int], at tokens: [String], requiredOnly: Bool, walk: inout Walk
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        func add(_ schema: JSONValue, at tokens: [String]) {
            guard let (schema, tokens) = resolve(schema, at: tokens) else { return }
            for (index, part) in OpenAPISource.array(schema["allOf"]).enumerated() { add(part, at: tokens + ["allOf", String(index)]) }
            // A union among an `allOf`'s parts (a User or a Service): its first branch's members,
            // and the discriminator's value that names it, as one answer would have them.
            if let branches = union(schema),
                let first = branches.first(where: { OpenAPISource.string($0.schema["type"]) != "null" })
            {
                add(first.schema, at: tokens + first.tokens)
                if let property = OpenAPISource.string(schema["discriminator"]?["propertyName"]),
                    let selected = discriminatorValue(of: first.schema, in: schema)
                {
                    members.removeAll { $0.key == property }
                    members.append((property, .string(selected)))
                }
            }
            let required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
            let properties = OpenAPISource.members(schema["properties"]).filter { key, property in
                !leavesOut(property)
                    && (required.contains(key) || keepsOptional(property, requiredOnly: requiredOnly) || selectsRows(key, property))
            }
            // Made with the members named as an end last, so that a request's end date follows its
            // start whatever the document's member order (go-swagger sorts `endsAt` before `startsAt`).
            var made: [String: JSONValue] = [:]
            for (key, property) in properties.filter({ !Self.namesEnd($0.key) }) + properties.filter({ Self.namesEnd($0.key) }) {
                made[key] = value(for: property, depth: depth + 1, seen: seen, at: tokens + ["properties", key], walk: &walk)
            }
            for (key, _) in properties {
                members.removeAll { $0.key == key }
                members.append((key, made[key] ?? .null))
            }
        }
        add(schema, at: tokens)
        if purpose == .answer { settlePage(&members, schema: schema) }
        return .object(members)
    }

    /// Whether a member's name says it ends something (`endsAt`, `end_time`, `valid_until`,
    /// `expiresAt`): its made-up date comes after the others'.
    static func namesEnd(_ name: String) -> Bool {
        SwiftName.words(name).contains { endWords.contains($0.lowercased()) }
    }

    /// The words of a member's name that say it ends something.
    static let endWords: Set<String> = [
        "end", "ends", "ending", "until", "till", "expire", "expires", "expiry", "expiration", "finish", "deadline", "due", "to",
    ]

    /// Whether an optional member is made. A member of one value (`const`, a one-value `enum`)
    /// always is: it is how a union's branch is told apart (Prefect's triggers' `type`, optional
    /// as it has a default), and the value is the only one allowed. Otherwise only when every
    /// member is made: a body whose schema requires nothing is filled whole, defaults included,
    /// as an empty one would be worse (Prefect's `POST /flows/bulk_delete` with `{}` deletes every
    /// flow, where made-up filters match none).
    private func keepsOptional(_ property: JSONValue, requiredOnly: Bool) -> Bool {
        let resolved = source.resolve(property) ?? property
        if OpenAPISource.enumValues(resolved).filter({ $0 != .null }).count == 1 { return true }
        return !requiredOnly
    }

    /// The members an object and its `allOf` parts require.
    private func requiredMembers(_ schema: JSONValue, depth: Int = 0) -> Set<String> {
        guard depth < 16, let schema = source.resolve(schema) else { return [] }
        var required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for part in OpenAPISource.array(schema["allOf"]) { required.formUnion(requiredMembers(part, depth: depth + 1)) }
        return required
    }

    /// The schema with its references followed, and where it is: the last referenced
    /// component's place (`#/components/schemas/Chart` → its tokens) once one is followed.
    private func resolve(_ schema: JSONValue, at tokens: [String]) -> (JSONValue, [String])? {
        var current = schema, tokens = tokens
        for _ in 0..<32 {
            guard let reference = OpenAPISource.string(current["$ref"]) else { return (current, tokens) }
            guard let target = source.pointer(reference) else { return nil }
            tokens = reference.dropFirst().split(separator: "/").map {
                (String($0).removingPercentEncoding ?? String($0)).replacingOccurrences(of: "~1", with: "/")
                    .replacingOccurrences(of: "~0", with: "~")
            }
            current = target
        }
        return nil
    }

    /// Whether a property is not part of what is made: read-only in a request, write-only in an
    /// answer, on the property or on the schema it refers to.
    private func leavesOut(_ property: JSONValue) -> Bool {
        source.isOneSided(property, for: purpose)
    }

    private func string(format: String?, walk: inout Walk) -> String {
        // `datetime` is how some documents (Apache Airflow's) spell `date-time`.
        if purpose == .request, format == "date-time" || format == "datetime" || format == "date" {
            let instant = Date(timeIntervalSince1970: Self.firstRequestInstant + Double(walk.instants) * 86_400)
            walk.instants += 1
            let text = instant.ISO8601Format()
            return format == "date" ? String(text.prefix(10)) : text
        }
        return switch format {
        case "date-time"?, "datetime"?: "2026-01-01T12:00:00Z"
        case "date"?: "2026-01-01"
        case "uuid"?: Self.madeUpUUID
        case "email"?: "ann@example.com"
        case "uri"?, "url"?: purpose == .answer ? linkBase ?? "https://example.com/" : "https://example.com/"
        case "byte"?: "aGVsbG8="
        default: "string"
        }
    }

    /// The value of a `oneOf`'s discriminator that selects a referenced branch: its first mapping
    /// key, else its component's name.
    private func discriminatorValue(of branch: JSONValue, in schema: JSONValue) -> String? {
        let prefix = "#/components/schemas/"
        guard let reference = OpenAPISource.string(branch["$ref"]), reference.hasPrefix(prefix) else { return nil }
        let component = String(reference.dropFirst(prefix.count))
        let mapping = OpenAPISource.members(schema["discriminator"]?["mapping"])
        let key = mapping.first { OpenAPISource.string($0.value) == reference || OpenAPISource.string($0.value) == component }?.key
        return key ?? component
    }

    /// A `oneOf`'s or `anyOf`'s branches, each with its place under the schema.
    private func union(_ schema: JSONValue) -> [(schema: JSONValue, tokens: [String])]? {
        guard let (key, branches) = OpenAPISource.unionBranches(schema) else { return nil }
        return branches.enumerated().map { ($0.element, [key, String($0.offset)]) }
    }
}
