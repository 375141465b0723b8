/// Where the document's paths that begin with a placeholder are declared. Such a path
/// (`{repository_href}sync/`, no leading `/`: drf-spectacular's way with objects linked by href)
/// holds in its placeholder the whole address of an object (`/api/repositories/7/`). Declared as
/// written, every one would be "the same route" as the others of its shape, and serve and proxy
/// could match no real URL to it. So each is declared under its collection, the list whose items
/// have the schema the object's read answers (else the one list whose segments name it):
/// `api/repositories/{repository_href}/sync/`, its parameter holding the address
/// (`holdingAddress()`), which live sends as it is. Where no collection is found, the path is
/// declared as written, with a note: live reaches it, serve and proxy route nothing to it.
struct AddressPaths {
    /// By the document's path: the path declared, without its leading `/`.
    private(set) var declared: [String: String] = [:]
    /// By placeholder: where the note about it goes, and what it says.
    private(set) var notes: [(tokens: [String], message: String)] = []

    init(source: OpenAPISource) {
        let paths = OpenAPISource.members(source.root["paths"])
        var names: [String] = []
        for (path, _) in paths where path.hasPrefix("{") {
            if let name = Self.leadingName(path), !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { return }
        let lists = Self.lists(paths, source: source)
        var taken: [String: String] = [:]
        for name in names {
            let object = paths.first { $0.key == "{\(name)}" }.flatMap { Self.answerSchema($0.value, source: source) }
                .flatMap { OpenAPISource.string($0["$ref"]) }
            var found = lists.filter { $0.items != nil && $0.items == object }.map(\.path)
            if found.count != 1 { found = (found.isEmpty ? lists.map(\.path) : found).filter { Self.names($0, name) } }
            let tokens = ["paths", "{\(name)}"]
            guard found.count == 1, let collection = found.first, taken[collection] == nil else {
                notes.append(
                    (
                        tokens,
                        "{\(name)} holds an object's whole address, and no one list of the document has items of its "
                            + "schema: its paths are declared as written; live sends the address its variable holds, "
                            + "serve and proxy route no request to them"
                    ))
                for (path, _) in paths where Self.leadingName(path) == name { declared[path] = path }
                continue
            }
            taken[collection] = name
            for (path, _) in paths where Self.leadingName(path) == name {
                declared[path] = Self.under(collection, name: name, rest: path.dropFirst(name.count + 2))
            }
            notes.append(
                (
                    tokens,
                    "{\(name)} holds an object's whole address (an href its answers give): its paths are declared under "
                        + "the collection GET \(collection), \(Self.under(collection, name: name, rest: "")); live sends the "
                        + "address its variable holds as it is, serve and proxy route the collection's object URLs to them"
                ))
        }
    }

    /// The placeholder a path begins with (`{task_href}` of `{task_href}cancel/`).
    static func leadingName(_ path: String) -> String? {
        guard path.hasPrefix("{"), let close = path.firstIndex(of: "}") else { return nil }
        let name = path[path.index(after: path.startIndex)..<close]
        return name.isEmpty || name.hasPrefix("+") ? nil : String(name)
    }

    /// The collection's path with the placeholder as the segment after it, and what followed the
    /// placeholder after that; without the leading `/`.
    private static func under(_ collection: String, name: String, rest: Substring) -> String {
        let base = String(collection.drop { $0 == "/" })
        let slashed = base.isEmpty || base.hasSuffix("/") ? base : base + "/"
        let tail = rest.drop { $0 == "/" }
        // A collection written with its trailing `/` names its objects so too (`…/7/`).
        if collection.hasSuffix("/") { return slashed + "{\(name)}/" + tail }
        return slashed + "{\(name)}" + (tail.isEmpty ? "" : "/" + tail)
    }

    /// Whether the list's segments name what the placeholder holds, each of its words
    /// (`uploads` for `upload_href`; `groups/…/roles` alone would name `groups_group_role_href`).
    private static func names(_ list: String, _ name: String) -> Bool {
        let segments = Set(list.lowercased().split(separator: "/").map(String.init))
        let words = name.lowercased().split(separator: "_").dropLast().map(String.init)
        return !words.isEmpty && words.allSatisfy { segments.contains($0) || segments.contains($0 + "s") || segments.contains($0 + "es") }
    }

    /// The document's lists: each GET on a path without placeholders, with the `$ref` of its
    /// answer's items (a JSON array, or an object's one array property), when they have one.
    private static func lists(_ paths: [(key: String, value: JSONValue)], source: OpenAPISource) -> [(path: String, items: String?)] {
        paths.compactMap { path, item in
            guard !path.contains("{"), let item = source.resolve(item), let schema = answerSchema(item, source: source, resolved: true)
            else { return nil }
            if let items = schema["items"].flatMap({ OpenAPISource.string($0["$ref"]) }) { return (path, items) }
            let arrays = source.properties(of: schema).compactMap { OpenAPISource.string($0.value["items"]?["$ref"]) }
            return (path, arrays.count == 1 ? arrays[0] : nil)
        }
    }

    /// The JSON schema of a path item's GET success answer, as written or (`resolved`) resolved.
    private static func answerSchema(_ item: JSONValue, source: OpenAPISource, resolved: Bool = false) -> JSONValue? {
        guard let item = source.resolve(item), let get = item["get"] else { return nil }
        let answers = OpenAPISource.members(get["responses"])
        guard let answer = answers.first(where: { $0.key.hasPrefix("2") }).flatMap({ source.resolve($0.value) }),
            let media = OpenAPISource.members(answer["content"]).first(where: { $0.key.contains("json") })?.value,
            let schema = media["schema"]
        else { return nil }
        return resolved ? source.resolve(schema) : schema
    }
}
