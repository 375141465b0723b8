/// Where an imported read of one object finds its id while the variable it reads is unset: in the
/// first item its collection's list answers. `GET devices/{id}/` reads `$NB_DEVICE_ID`, else the
/// `id` of the first device `GET devices/` answers (`$.results[0].id`), so that `live` checks the
/// document's object reads on a staging whose ids nobody has written down yet. A nested read
/// (`/things/{thing_id}/parts/{id}`) finds its list's own placeholders the same way, one list
/// after the other.
///
/// Reads only (a `GET`, or a POST taken for a read: a search or query of the object, `ReadingPost`):
/// a write (`PATCH`, `DELETE`) to whatever object a list names first would change data nobody
/// chose, so writes keep their variable alone.
struct ItemSources {
    let source: OpenAPISource
    /// Each `GET` operation's answer schema, by endpoint id.
    let answers: [String: JSONValue]

    /// `endpoints`' object reads given a list to read their ids from, and the uses of `variables`
    /// they change told so.
    func link(_ endpoints: inout [ImportedEndpoint], variables: inout [SampleVariable]) {
        var lists: [String: String] = [:]
        for endpoint in endpoints where endpoint.method == ".get" && items(of: endpoint.id) != nil {
            lists[Self.trimmed(endpoint.path)] = lists[Self.trimmed(endpoint.path)] ?? endpoint.id
        }
        for index in endpoints.indices where endpoints[index].isRead {
            let endpoint = endpoints[index]
            let segments = endpoint.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for (position, segment) in segments.enumerated() where segment.hasPrefix("{") && segment.hasSuffix("}") {
                // `{+name}` spans segments: its parameter is `name` all the same.
                let name = String(segment.dropFirst().dropLast().drop { $0 == "+" })
                guard let parameter = endpoint.parameters.firstIndex(where: { $0.hasPrefix(".path(\(SwiftName.literal(name)),") })
                else { continue }
                let prefix = Self.trimmed(segments[..<position].joined(separator: "/"))
                let collection = lists[prefix] ?? Self.pluralCollection(of: prefix, among: lists.keys).flatMap { lists[$0] }
                let list =
                    endpoint.parameters[parameter].hasSuffix(".holdingAddress()")
                    ? addressList(naming: name, of: endpoint.id, among: lists) ?? collection : collection
                guard let list, list != endpoint.id, let path = idPath(for: name, in: list),
                    let linked = Self.linked(endpoint.parameters[parameter], list: list, path: path)
                else { continue }
                endpoints[index].parameters[parameter] = linked.text
                for variable in variables.indices where variables[variable].name == linked.variable {
                    for use in variables[variable].uses.indices
                    where variables[variable].uses[use].operation == endpoint.id && variables[variable].uses[use].parameter == name {
                        variables[variable].uses[use].listedBy = list
                    }
                }
            }
        }
    }

    /// The JSONPath of the first item's member that names `placeholder` in the answer of `list`:
    /// the member of its name; for an id (`id`, `pk`, `petId`, `device_id`) the item's `id`; for
    /// an address (`repository_href`) the item's first member ending in `href` (`pulp_href`).
    /// Nil where the answer is no list, or its items hold no such text or number.
    func idPath(for placeholder: String, in list: String) -> String? {
        guard let (path, item) = items(of: list), let member = Self.idMember(for: placeholder, in: item, source: source) else {
            return nil
        }
        return JSONPath(path + [.index(0), .key(member)]).description
    }

    /// The member of an object of `schema` that names `placeholder`, as `idPath(for:in:)` chooses
    /// it; nil where its text or number members hold none.
    static func idMember(for placeholder: String, in schema: JSONValue, source: OpenAPISource) -> String? {
        let members = source.properties(of: schema).filter { holdsID($0.value, source: source) }
        let lowered = MemberName.folded(placeholder)
        // The member of the placeholder's name, as written or in another case (`partId`, `part_id`).
        var chosen = (members.first { $0.key == placeholder } ?? members.first { MemberName.folded($0.key) == lowered })?.key
        // An object's own address comes first among its links (Pulp's `pulp_href` before
        // `versions_href` and `latest_version_href`), where none is named `href` alone.
        if chosen == nil, lowered.hasSuffix("href") {
            let addresses = members.filter { $0.key.lowercased().hasSuffix("href") }
            chosen = (addresses.first { MemberName.folded($0.key) == "href" } ?? addresses.first)?.key
        }
        if chosen == nil, lowered == "pk" || lowered.hasSuffix("id") {
            chosen = members.first { $0.key == "id" }?.key
        }
        return chosen
    }

    /// Whether a member's schema can hold an id: text or a number (Flask-AppBuilder, Superset,
    /// declares the id its creations answer a `number`), null allowed or not (3.1's
    /// `["string", "null"]`, as `apicheck openapi` writes an optional member, or `anyOf` it and
    /// `null`).
    static func holdsID(_ schema: JSONValue, source: OpenAPISource) -> Bool {
        let unwrapped = SchemaComparison.unwrapped(schema, in: source).0
        let kind = SchemaComparison.kind(source.resolve(unwrapped) ?? unwrapped, in: source)
        return kind == "string" || kind == "integer" || kind == "integer (int64)" || kind == "number"
    }

    /// The one list whose path names every word of an address placeholder and whose items are
    /// the objects `read` answers, where both name a schema; else the path's own collection
    /// reads. An address's path is put under a collection of its schema (`repository_versions/`
    /// for `{file_file_repository_version_href}`), which may list objects of every kind, the
    /// first of them no file repository's version; the list the words name
    /// (`repositories/file/file/{…}/versions/`) holds that kind alone.
    private func addressList(naming placeholder: String, of read: String, among lists: [String: String]) -> String? {
        // A list under the object (its versions) answers no object to compare with.
        let object = items(of: read) == nil ? answers[read].flatMap { OpenAPISource.string($0["$ref"]) } : nil
        let found = lists.filter { path, list in
            // A list below the placeholder lists what the object holds, never the object.
            guard Self.names(path, placeholder), !path.contains("{\(placeholder)}") else { return false }
            guard let object, let item = items(of: list).flatMap({ OpenAPISource.string($0.item["$ref"]) }) else { return true }
            return item == object
        }
        return found.count == 1 ? found.first?.value : nil
    }

    /// Whether a list's path names each word an address placeholder holds, in its segments or
    /// their words, singular or plural: `access_policies/` names `{access_policy_href}`,
    /// `repositories/file/file/` `{file_file_repository_href}`; `repository_versions/` does not
    /// name `{file_file_repository_version_href}`.
    static func names(_ path: String, _ placeholder: String) -> Bool {
        let segments = path.lowercased().split(separator: "/")
        let said = Set(segments.map(String.init) + segments.flatMap { $0.split(separator: "_").map(String.init) })
        let words = placeholder.lowercased().split(separator: "_").dropLast().map(String.init)
        return !words.isEmpty
            && words.allSatisfy { word in
                [word, word + "s", word + "es", word.hasSuffix("y") ? word.dropLast() + "ies" : word].contains { said.contains($0) }
            }
    }

    /// Where `list`'s answer holds its items (the answer itself, or its one list member), and
    /// their schema as written (a reference stays one).
    private func items(of list: String) -> (path: [JSONPath.Component], item: JSONValue)? {
        guard let schema = answers[list].flatMap({ source.resolve($0) }) else { return nil }
        if OpenAPISource.string(schema["type"]) == "array" { return schema["items"].map { ([], $0) } }
        let arrays = source.properties(of: schema).filter { source.resolve($0.value)?["items"] != nil }
        guard arrays.count == 1, let item = source.resolve(arrays[0].value)?["items"] else { return nil }
        return ([.key(arrays[0].key)], item)
    }

    /// A path parameter's declaration reading its variable, else `path` in `list`'s answer; nil
    /// for one whose sample is no variable.
    static func linked(_ declaration: String, list: String, path: String) -> (text: String, variable: String)? {
        replacingVariable(in: declaration) { variable, fallback in
            "sample: .environmentOr(\"\(variable)\", otherwise: .seen(endpoint: \(SwiftName.literal(list)), "
                + "path: \(SwiftName.literal(path)), fallback: \(fallback)))"
        }
    }

    /// A declaration whose variable sample (`sample: .environment("NAME", fallback: …)`) is the
    /// one `sample` makes of the variable's name and its fallback's text, and that name; nil for
    /// one whose sample is no variable.
    static func replacingVariable(
        in declaration: String, with sample: (String, Substring) -> String
    ) -> (text: String, variable: String)? {
        guard let start = declaration.range(of: "sample: .environment("),
            let end = closingParenthesis(in: declaration, after: start.upperBound)
        else { return nil }
        let inside = declaration[start.upperBound..<end]
        guard inside.hasPrefix("\""), let comma = inside.range(of: "\", fallback: ") else { return nil }
        let variable = String(inside[inside.index(after: inside.startIndex)..<comma.lowerBound])
        let replaced = sample(variable, inside[comma.upperBound...])
        return (declaration[..<start.lowerBound] + replaced + declaration[declaration.index(after: end)...], variable)
    }

    /// Where the parenthesis opened just before `start` closes, string literals skipped.
    private static func closingParenthesis(in text: String, after start: String.Index) -> String.Index? {
        var depth = 1, quoted = false, escaped = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                quoted = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The collection path among `paths` that lists the objects of the singular path `item`, for
    /// an API whose object paths name the kind once (go-swagger's Alertmanager: `GET /silences`
    /// and `POST /silences` beside `GET /silence/{silenceID}`): the same path but its last segment,
    /// whose singular `item`'s last segment is. Nil where `item` itself is among `paths`.
    static func pluralCollection(of item: String, among paths: some Sequence<String>) -> String? {
        let segments = item.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return paths.first { path in
            let other = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            return isPlural(other, of: segments)
        }
    }

    /// Whether `collection` is the path `item` with its last segment in the plural (`silences`,
    /// `silence`), both named alike up to it.
    static func isPlural(_ collection: [String], of item: [String]) -> Bool {
        guard let last = item.last, let plural = collection.last, collection.count == item.count, !last.hasPrefix("{"),
            plural.lowercased() != last.lowercased(), SampleVariable.singular(plural).lowercased() == last.lowercased()
        else { return false }
        return collection.dropLast() == item.dropLast()
    }

    /// `devices/` and `devices` alike.
    static func trimmed(_ path: String) -> String {
        String(path.reversed().drop { $0 == "/" }.reversed())
    }
}
