/// One component may serve both directions (Django REST framework's documents do it by default):
/// a `readOnly` member (`id`, `created`) is in every answer and never in a request, a
/// `writeOnly` one (`password`) the other way round. Declared once, a required one of either
/// kind would fail whichever direction leaves it out: a made-up create body would not decode into
/// its own type (so `live` had no sample), and `proxy`/`serve` would call an app's correct create
/// a finding. So the component's own type is the answers' (its `writeOnly` members optional), and
/// a request body that refers to it, directly or through its members, gets `<Name>Request`: the
/// same members without the `readOnly` ones, its `writeOnly` ones required as declared. A
/// component no answer reaches is declared as requests send it, and needs no variant.
extension SchemaMapper {
    /// The `components/schemas` keys that the operations' answers reach, and those their request
    /// bodies reach, through references of any kind (shared answers and bodies included).
    static func componentUse(in source: OpenAPISource) -> (answers: Set<String>, requests: Set<String>) {
        var answers: [JSONValue] = [], requests: [JSONValue] = []
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            for (_, operation) in OpenAPISource.members(item) {
                if let responses = operation["responses"] { answers.append(responses) }
                if let body = operation["requestBody"] { requests.append(body) }
            }
        }
        return (reached(from: answers, in: source), reached(from: requests, in: source))
    }

    private static func reached(from roots: [JSONValue], in source: OpenAPISource) -> Set<String> {
        let prefix = "#/components/schemas/"
        var references: Set<String> = [], keys: Set<String> = []
        var pending = roots
        while let value = pending.popLast() {
            switch value {
            case let .object(members):
                if let reference = OpenAPISource.string(value["$ref"]), references.insert(reference).inserted {
                    if reference.hasPrefix(prefix) { keys.insert(String(reference.dropFirst(prefix.count))) }
                    if let target = source.pointer(reference) { pending.append(target) }
                }
                pending += members.map(\.value)
            case let .array(items):
                pending += items
            default:
                continue
            }
        }
        return keys
    }

    /// Whether a member is left out of (request) or made optional in (answer) the direction it
    /// is not sent in.
    func isOneSided(_ property: JSONValue, for purpose: ExampleMaker.Purpose) -> Bool {
        source.isOneSided(property, for: purpose)
    }

    /// The request variant's name for a component, declaring it at first use; nil when the
    /// component's request body is its own type (nothing required is one-sided, here or in the
    /// components it holds).
    mutating func requestVariant(of key: String) -> String? {
        if let known = requestVariants[key] { return known }
        guard componentsInAnswers.contains(key), let schema = source.root["components"]?["schemas"]?[key],
            let resolved = source.resolve(schema),
            let base = componentNames[key], isStructure(resolved)
        else {
            requestVariants[key] = .some(nil)
            return nil
        }
        var seen: Set<String> = [key]
        guard hasOneSidedRequirement(resolved, seen: &seen, depth: 0) else {
            requestVariants[key] = .some(nil)
            return nil
        }
        let name = SwiftName.unique(base + "Request", in: &taken)
        // Known before its members are mapped, so that a member reaching it again (a tree) does
        // not declare it twice.
        requestVariants[key] = name
        let saved = purpose
        purpose = .request
        declareStructure(resolved, name: name, location: ["components", "schemas", key])
        purpose = saved
        if let index = types.lastIndex(where: { $0.name == name }) {
            let own = types[index].comment.map { $0 + "\n\n" } ?? ""
            types[index].comment = own + "As a request sends it: \(base) without its read-only members."
        }
        return name
    }

    /// Whether a required member is `readOnly` or `writeOnly`, in the schema or in any it holds
    /// (members, items, maps, `allOf` parts, branches), references followed once each.
    private func hasOneSidedRequirement(_ schema: JSONValue, seen: inout Set<String>, depth: Int) -> Bool {
        guard depth < 32 else { return false }
        if let reference = OpenAPISource.string(schema["$ref"]) {
            guard seen.insert(reference).inserted, let target = source.resolve(schema) else { return false }
            return hasOneSidedRequirement(target, seen: &seen, depth: depth + 1)
        }
        let required = Set(OpenAPISource.array(schema["required"]).compactMap { OpenAPISource.string($0) })
        for (name, property) in OpenAPISource.members(schema["properties"]) {
            if required.contains(name), isOneSided(property, for: .request) || isOneSided(property, for: .answer) { return true }
            if hasOneSidedRequirement(property, seen: &seen, depth: depth + 1) { return true }
        }
        // A member required by one `allOf` part and declared one-sided by another.
        let parts = OpenAPISource.array(schema["allOf"])
        if !parts.isEmpty {
            var names = required
            var oneSided: Set<String> = []
            for part in parts {
                let resolved = source.resolve(part) ?? part
                names.formUnion(OpenAPISource.array(resolved["required"]).compactMap { OpenAPISource.string($0) })
                for (name, property) in OpenAPISource.members(resolved["properties"])
                where isOneSided(property, for: .request) || isOneSided(property, for: .answer) {
                    oneSided.insert(name)
                }
            }
            if !names.isDisjoint(with: oneSided) { return true }
        }
        var inner = parts + OpenAPISource.array(schema["oneOf"]) + OpenAPISource.array(schema["anyOf"])
        for key in ["items", "additionalProperties"] {
            if let value = schema[key], case .object = value { inner.append(value) }
        }
        return inner.contains { hasOneSidedRequirement($0, seen: &seen, depth: depth + 1) }
    }
}
