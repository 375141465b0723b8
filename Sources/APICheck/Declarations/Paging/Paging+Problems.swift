extension Paging {
    /// What makes a paging declaration impossible to follow: ids at a path that is no JSONPath
    /// with `[*]` over the items, a token path that is no JSONPath, a cursor or size that is not
    /// one of the endpoint's query or body parameters, fewer than two pages to follow.
    func problems(in endpoint: AnyEndpoint) -> [Finding] {
        var messages: [String] = []
        if let path = ids.path {
            if !path.components.contains(.anyIndex) {
                messages.append("paging reads ids at '\(ids)', which has no [*] over the items")
            }
        } else {
            messages.append("paging reads ids at '\(ids)', which is not a JSONPath like $.datas.items[*].id")
        }
        if let path = cursor.bodyPath, path.path == nil {
            messages.append("paging reads the next page's \(cursor.kindName) at '\(path)', which is not a JSONPath like $.next_batch")
        }
        if case let .token(.bodyLink(rel, links), _) = cursor {
            messages.append(
                "paging reads a next token from the \(rel) link in \(links), and a link is a URL: declare it as .url(ids:from: .bodyLink(rel:in:))"
            )
        }
        for (name, path) in counts.declared where path.path == nil {
            messages.append("paging reads the page's \(name) count at '\(path)', which is not a JSONPath like $.total_pages")
        }
        // A cursor in the request's body (`"start_key": …` of a range read) is a body parameter.
        let sent = Set(endpoint.sampledValues.filter { $0.location == .query || $0.location == .body }.map(\.name))
        if let next, !sent.contains(next) {
            messages.append("paging asks for the next page with '\(next)', which is not a query or body parameter of the endpoint")
        }
        if let size, !sent.contains(size) {
            messages.append("paging sets the page size with '\(size)', which is not a query or body parameter of the endpoint")
        }
        if let lastID {
            switch cursor {
            case .link, .url:
                if !endpoint.parameters.contains(where: { $0.name == lastID && $0.location == .query }) {
                    messages.append("paging takes the last id in '\(lastID)', which is not a query parameter of the endpoint")
                }
            default:
                messages.append("paging takes the last id in '\(lastID)', which only a list paged by links does: declare .link or .url")
            }
        }
        if maxPages < 2 {
            messages.append(
                "paging follows at most \(maxPages) page\(maxPages == 1 ? "" : "s"): the next page is never read; declare maxPages of 2 or more"
            )
        }
        return messages.map { Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint.id, message: $0) }
    }

    /// The JSONPaths the paging step reads of the first page: the ids, a token or URL in the body,
    /// and the page's counts.
    var pathsRead: [JSONPath] {
        [ids.path, cursor.bodyPath?.path].compactMap { $0 } + counts.declared.compactMap(\.path.path)
    }
}
