/// The import declares no paging: a list's ids, its order and which page comes next are not in an
/// OpenAPI document. Where list operations take paging-like query parameters (`limit` and
/// `offset`, `page` and `page_size`, `per_page` or `size`, `cursor`), one note for the document says how
/// many look paged and where a declaration by hand is shown, so `live` can walk their pages.
/// Those that take `limit` and `offset` and answer with a `links` array of `{rel, href}` objects
/// (OGC API, STAC) get the declaration that follows the answer's `rel: next` link.
enum PagingHint {
    static func note(source: OpenAPISource) -> ImportNote? {
        var paged = 0
        var linked = 0
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            guard let operation = item["get"] else { continue }
            let parameters = (OpenAPISource.array(item["parameters"]) + OpenAPISource.array(operation["parameters"]))
                .compactMap { source.resolve($0) }
                .filter { OpenAPISource.string($0["in"]) == "query" }
                .compactMap { OpenAPISource.string($0["name"]).map(normalized) }
            let names = Set(parameters)
            guard looksPaged(names) else { continue }
            paged += 1
            if names.contains("limit"), names.contains("offset"), answersWithLinks(operation, source: source) { linked += 1 }
        }
        guard paged > 0 else { return nil }
        let links =
            linked == 0
            ? ""
            : "; \(linked == paged ? (paged == 1 ? "it answers" : "they answer") : "\(linked) of them answer") with a `links` array "
                + "of `rel` and `href` objects, whose `rel: next` link `paging: .url(ids:from: .bodyLink(rel: \"next\", in: \"$.links\"), "
                + "size: \"limit\")` follows"
        return ImportNote(
            .notMapped, at: "#/paths",
            "\(paged) list operation\(paged == 1 ? "" : "s") look\(paged == 1 ? "s" : "") paged (limit and offset, page and "
                + "page_size, per_page or size, or cursor query parameters): the import declares no paging, as the document does not "
                + "say where a page's ids are nor which page comes next; declare it by hand on those endpoints "
                + "(`paging: .offset(ids:next:limit:)`, `.pageNumber`, `.token`; docs/live.md shows each) and live walks their pages"
                + links)
    }

    /// Whether the operation's success answer is a JSON object with a `links` array whose items
    /// have `rel` and `href`.
    private static func answersWithLinks(_ operation: JSONValue, source: OpenAPISource) -> Bool {
        let responses = OpenAPISource.members(operation["responses"]).filter { $0.key.hasPrefix("2") }
        for (_, response) in responses {
            guard let response = source.resolve(response) else { continue }
            for (type, media) in OpenAPISource.members(response["content"]) where type.contains("json") {
                guard let schema = media["schema"].flatMap(source.resolve),
                    let links = properties(of: schema, source: source)["links"].flatMap(source.resolve),
                    let item = links["items"].flatMap(source.resolve)
                else { continue }
                let members = properties(of: item, source: source)
                if members["rel"] != nil, members["href"] != nil { return true }
            }
        }
        return false
    }

    /// A schema's properties, its `allOf` branches' included.
    private static func properties(of schema: JSONValue, source: OpenAPISource, depth: Int = 0) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for (name, value) in OpenAPISource.members(schema["properties"]) { found[name] = value }
        guard depth < 8 else { return found }
        for branch in OpenAPISource.array(schema["allOf"]) {
            guard let branch = source.resolve(branch) else { continue }
            found.merge(properties(of: branch, source: source, depth: depth + 1)) { first, _ in first }
        }
        return found
    }

    /// `page_size`, `pageSize` and `page-size` alike.
    private static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0 != "_" && $0 != "-" }
    }

    private static func looksPaged(_ names: Set<String>) -> Bool {
        (names.contains("limit") && names.contains("offset"))
            || (names.contains("page") && (names.contains("pagesize") || names.contains("perpage") || names.contains("size")))
            || names.contains("cursor")
    }
}
