/// The import declares no paging: a list's ids, its order and which page comes next are not in an
/// OpenAPI document. Where list operations take paging-like query parameters (`limit` and
/// `offset`, `page` and `page_size`, `per_page` or `size`, `cursor`, a size and a token such as
/// `limit` and `page_token`), one note for the document says how many look paged and where a
/// declaration by hand is shown, so `live` can walk their pages. Lists paged by a token get the
/// declaration to write: by a next-page header where their answer declares one (`Link`,
/// `Next-Page`), a note at that header; else one note naming the parameters. Those that take
/// `limit` and `offset` and answer with a `links` array of `{rel, href}` objects (OGC API, STAC)
/// get the declaration that follows the answer's `rel: next` link. A list whose answer declares
/// a `Link` header (as `apicheck openapi` writes a `.link`-paged one) gets the `.link`
/// declaration, whatever its parameters are named (the registry's `n` and `last`).
enum PagingHint {
    /// Parameters that set a page's size, and those that carry the token of the next page (names
    /// as `MemberName.folded` writes them: `_limit` is `limit`, `page_token` is `pagetoken`).
    static let sizeNames: Set = ["limit", "pagesize", "perpage", "maxresults"]
    static let tokenNames: Set = ["token", "pagetoken", "nexttoken", "cursor"]

    /// A list paged by a token: the parameters as the document spells them.
    private struct TokenList {
        var operation: String
        var size: String
        var token: String
        /// The declaration to write, where the answer declares the next page's header.
        var declaration: String?
        var tokens: [String]
    }

    static func note(source: OpenAPISource) -> [ImportNote] {
        var paged = 0
        var linked = 0
        var lists: [TokenList] = []
        var linkNotes: [ImportNote] = []
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            guard let operation = item["get"] else { continue }
            let queryParameters = (OpenAPISource.array(item["parameters"]) + OpenAPISource.array(operation["parameters"]))
                .compactMap { source.resolve($0) }
                .filter { OpenAPISource.string($0["in"]) == "query" }
            let parameters = queryParameters.compactMap { OpenAPISource.string($0["name"]) }
            let names = Set(parameters.map(MemberName.folded))
            if let list = tokenList(parameters, source: source, operation: operation, at: ["paths", path, "get"]) {
                lists.append(list)
            } else if let note = linkNote(queryParameters, source: source, operation: operation, at: ["paths", path, "get"]) {
                linkNotes.append(note)
                continue
            } else if !looksPaged(names) {
                continue
            }
            paged += 1
            if names.contains("limit"), names.contains("offset"), answersWithLinks(operation, source: source) { linked += 1 }
        }
        let links =
            linked == 0
            ? ""
            : "; \(linked == paged ? (paged == 1 ? "it answers" : "they answer") : "\(linked) of them answer") with a `links` array "
                + "of `rel` and `href` objects, whose `rel: next` link `paging: .url(ids:from: .bodyLink(rel: \"next\", in: \"$.links\"), "
                + "size: \"limit\")` follows"
        guard paged > 0 else { return linkNotes }
        var notes = [
            ImportNote(
                .notMapped, at: "#/paths",
                "\(paged) list operation\(paged == 1 ? "" : "s") look\(paged == 1 ? "s" : "") paged (limit and offset, page and "
                    + "page_size, per_page or size, cursor, or a size and a token query parameters): the import declares no paging, "
                    + "as the document does not say where a page's ids are nor which page comes next; declare it by hand on those "
                    + "endpoints (`paging: .offset(ids:next:limit:)`, `.pageNumber`, `.token`, `.url`, `.link`; docs/live.md shows "
                    + "each) and live walks their pages" + links)
        ]
        for list in lists {
            guard let declaration = list.declaration else { continue }
            notes.append(
                ImportNote(
                    .notMapped, at: OpenAPISource.location(list.tokens),
                    "\(list.operation) looks paged by \(list.size) and \(list.token), and its answer declares the next page's "
                        + "header: declare `paging: \(declaration)` (ids: the JSONPath of its items' ids)"))
        }
        notes += linkNotes
        let undeclared = lists.filter { $0.declaration == nil }
        if let first = undeclared.first {
            let sameParameters = undeclared.allSatisfy { $0.size == first.size && $0.token == first.token }
            let size = sameParameters ? first.size : "<size>"
            let token = sameParameters ? first.token : "<token>"
            notes.append(
                ImportNote(
                    .notMapped, at: "#/paths",
                    "\(undeclared.map(\.operation).joined(separator: ", ")) look\(undeclared.count == 1 ? "s" : "") paged by a size "
                        + "and a token (\(sameParameters ? "\(size) and \(token)" : undeclared.map { "\($0.size) and \($0.token)" }.joined(separator: "; "))), "
                        + "and no answer declares where the next page is: declare `paging: .token(ids: …, from: .body(…) or "
                        + ".header(…), next: \"\(token)\", size: \"\(size)\")` where an answer gives the next token, "
                        + "`.url(ids: …, from: .header(\"Next-Page\"), size: \"\(size)\")` where a header gives the next page's URL, "
                        + "or `.link(ids: …, size: \"\(size)\")` for a `Link` header"))
        }
        return notes
    }

    private static func looksPaged(_ names: Set<String>) -> Bool {
        (names.contains("limit") && names.contains("offset"))
            || (names.contains("page") && (names.contains("pagesize") || names.contains("perpage") || names.contains("size")))
            || names.contains("cursor")
    }

    /// The list paged by a size and a token, when its parameters are those; with the declaration
    /// its answer's next-page header calls for, when it declares one.
    private static func tokenList(_ parameters: [String], source: OpenAPISource, operation: JSONValue, at tokens: [String]) -> TokenList? {
        guard let size = parameters.first(where: { sizeNames.contains(MemberName.folded($0)) }),
            let token = parameters.first(where: { tokenNames.contains(MemberName.folded($0)) })
        else { return nil }
        let name = OpenAPISource.string(operation["operationId"]) ?? "GET \(tokens[1])"
        var list = TokenList(operation: name, size: size, token: token, tokens: tokens)
        guard let success = SuccessAnswer(of: operation, in: source), let answer = success.answer else { return list }
        let headers = OpenAPISource.members(answer["headers"]).map(\.key)
        let ids = "ids: \"\(itemsPath(success, source: source))\""
        if let link = headers.first(where: { $0.lowercased() == "link" }) {
            list.declaration = ".link(\(ids), size: \"\(size)\")"
            list.tokens = tokens + ["responses", success.key, "headers", link]
        } else if let next = headers.first(where: { MemberName.folded($0).contains("next") }) {
            // A header named for a token carries the token; any other names the next page itself.
            list.declaration =
                MemberName.folded(next).contains("token")
                ? ".token(\(ids), from: .header(\"\(next)\"), next: \"\(token)\", size: \"\(size)\")"
                : ".url(\(ids), from: .header(\"\(next)\"), size: \"\(size)\")"
            list.tokens = tokens + ["responses", success.key, "headers", next]
        }
        return list
    }

    /// The `.link` declaration of a list whose success answer declares a `Link` header: its size
    /// the parameter named for one, else its only integer query parameter (the registry's `n`).
    private static func linkNote(_ parameters: [JSONValue], source: OpenAPISource, operation: JSONValue, at tokens: [String])
        -> ImportNote?
    {
        guard let success = SuccessAnswer(of: operation, in: source), let answer = success.answer,
            let link = OpenAPISource.members(answer["headers"]).map(\.key).first(where: { $0.lowercased() == "link" })
        else { return nil }
        let names = parameters.compactMap { OpenAPISource.string($0["name"]) }
        let integers = parameters.filter { parameter in
            parameter["schema"].flatMap { source.resolve($0) }.flatMap { OpenAPISource.string($0["type"]) } == "integer"
        }
        let size =
            names.first { sizeNames.contains(MemberName.folded($0)) }
            ?? (integers.count == 1 ? integers.first.flatMap { OpenAPISource.string($0["name"]) } : nil)
        let name = OpenAPISource.string(operation["operationId"]) ?? "GET \(tokens[1])"
        let declaration = ".link(ids: \"\(itemsPath(success, source: source))\"\(size.map { ", size: \"\($0)\"" } ?? ""))"
        return ImportNote(
            .notMapped, at: OpenAPISource.location(tokens + ["responses", success.key, "headers", link]),
            "\(name) answers with the next page's `Link` header: declare `paging: \(declaration)` (ids: the JSONPath of its items' ids)")
    }

    /// Where the answer's items are (`$.data[*]`, `$[*]`), with their `id` where the schema names
    /// one, else `…` for the member to name; items that are strings or numbers as they are.
    private static func itemsPath(_ success: SuccessAnswer, source: OpenAPISource) -> String {
        guard let content = success.content, let (_, media) = SuccessAnswer.jsonMedia(content),
            let schema = media["schema"].flatMap({ source.resolve($0) })
        else { return "$[*].…" }
        var path = "$"
        var items = schema["items"]
        if OpenAPISource.string(schema["type"]) != "array" {
            let arrays = OpenAPISource.members(schema["properties"]).filter { source.resolve($0.value)?["items"] != nil }
            guard arrays.count == 1 else { return "$.…[*].…" }
            path += "." + arrays[0].key
            items = source.resolve(arrays[0].value)?["items"]
        }
        let item = items.flatMap { source.resolve($0) }
        // Items that are strings or numbers are their own ids.
        if let type = item.flatMap({ OpenAPISource.string($0["type"]) }), type == "string" || type == "integer" { return path + "[*]" }
        let hasID = item.map { OpenAPISource.members($0["properties"]).contains { $0.key == "id" } } ?? false
        return path + "[*]." + (hasID ? "id" : "…")
    }

    /// Whether the operation's success answer is a JSON object with a `links` array whose items
    /// have `rel` and `href`.
    private static func answersWithLinks(_ operation: JSONValue, source: OpenAPISource) -> Bool {
        guard let content = SuccessAnswer(of: operation, in: source)?.content, let (_, media) = SuccessAnswer.jsonMedia(content),
            let schema = media["schema"],
            let links = source.properties(of: schema).last(where: { $0.key == "links" }).flatMap({ source.resolve($0.value) }),
            let item = links["items"]
        else { return false }
        let members = Set(source.properties(of: item).map(\.key))
        return members.contains("rel") && members.contains("href")
    }
}
