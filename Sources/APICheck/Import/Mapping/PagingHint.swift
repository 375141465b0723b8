/// The import declares no paging: a list's ids, its order and which page comes next are not in an
/// OpenAPI document. Where list operations take paging-like query parameters (`limit` and
/// `offset`, `page` and `page_size`, `per_page` or `size`, `cursor`), one note for the document says how
/// many look paged and where a declaration by hand is shown, so `live` can walk their pages.
enum PagingHint {
    static func note(source: OpenAPISource) -> ImportNote? {
        var paged = 0
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            guard let operation = item["get"] else { continue }
            let parameters = (OpenAPISource.array(item["parameters"]) + OpenAPISource.array(operation["parameters"]))
                .compactMap { source.resolve($0) }
                .filter { OpenAPISource.string($0["in"]) == "query" }
                .compactMap { OpenAPISource.string($0["name"]).map(normalized) }
            if looksPaged(Set(parameters)) { paged += 1 }
        }
        guard paged > 0 else { return nil }
        return ImportNote(
            .notMapped, at: "#/paths",
            "\(paged) list operation\(paged == 1 ? "" : "s") look\(paged == 1 ? "s" : "") paged (limit and offset, page and "
                + "page_size, per_page or size, or cursor query parameters): the import declares no paging, as the document does not "
                + "say where a page's ids are nor which page comes next; declare it by hand on those endpoints "
                + "(`paging: .offset(ids:next:limit:)`, `.pageNumber`, `.token`; docs/live.md shows each) and live walks their pages")
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
