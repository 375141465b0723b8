extension JSONValue {
    /// The document with every value `paths` reach (`[*]` and `.*` included) replaced by
    /// `Redactor.mask`, and the texts of the scalars it masked: an endpoint's secret paths
    /// (`Endpoint.redacting(_:)`) in an answer shown to a person, and what to mask wherever else
    /// the exchange repeats those values (a request that echoes them, a finding that quotes one).
    package func masking(at paths: [JSONPath]) -> (document: JSONValue, secrets: [String]) {
        var secrets: [String] = []
        var path: [JSONPath.Component] = []
        let document = masked(path: &path, patterns: paths.map(\.components), secrets: &secrets)
        return (document, secrets)
    }

    private func masked(path: inout [JSONPath.Component], patterns: [[JSONPath.Component]], secrets: inout [String]) -> JSONValue {
        if patterns.contains(where: { SecretPlaceholders.matches($0, path) }) {
            collectScalars(into: &secrets)
            return .string(Redactor.mask)
        }
        switch self {
        case let .array(items):
            return .array(
                items.enumerated().map { index, item in
                    path.append(.index(index))
                    defer { path.removeLast() }
                    return item.masked(path: &path, patterns: patterns, secrets: &secrets)
                })
        case let .object(members):
            return .object(
                members.map { member in
                    path.append(.key(member.key))
                    defer { path.removeLast() }
                    return (member.key, member.value.masked(path: &path, patterns: patterns, secrets: &secrets))
                })
        case .string, .number, .bool, .null:
            return self
        }
    }

    private func collectScalars(into secrets: inout [String]) {
        switch self {
        case let .string(text): secrets.append(text)
        case let .number(text): secrets.append(text)
        case let .array(items): for item in items { item.collectScalars(into: &secrets) }
        case let .object(members): for member in members { member.value.collectScalars(into: &secrets) }
        case .bool, .null: break
        }
    }
}
