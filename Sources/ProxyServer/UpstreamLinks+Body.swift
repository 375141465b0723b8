import APICheck

extension UpstreamLinks {
    /// Members that link a list's next page whether or not its paging is declared (Django REST
    /// framework's `next`, `next_url`, HAL's `_links.next.href`), lowercased without separators.
    static let nextNames: Set = ["next", "nexturl", "nextlink", "nextpage", "nextpageurl"]

    /// Information when a success's body links its next page on the upstream's origin: the declared
    /// paging's next URL, else a member named for the next page. The proxy changes no body, so an
    /// app that follows such a link reads every later page past the proxy, unchecked; the
    /// checks, which read the page as the upstream sent it, see nothing wrong with it.
    func bodyFinding(in document: JSONValue, of endpoint: AnyEndpoint) -> Finding? {
        let link: (path: JSONPath, url: String)?
        if case .url? = endpoint.paging?.cursor, let cursor = endpoint.paging?.cursor, let path = cursor.bodyPath?.path,
            let text = cursor.bodyValue(in: document)?.stringValue
        {
            link = leadsUpstream(text) ? (path, text) : nil
        } else {
            link = nextLink(in: document, at: .root, depth: 0)
        }
        guard let link else { return nil }
        return Finding(
            kind: .coverage, severity: .info, endpoint: endpoint.id, path: link.path, found: link.url,
            message: "the answer links its next page on the upstream's origin (\(origin)), and the proxy changes no body: an "
                + "app that follows it reads the later pages past the proxy, unchecked; check those pages with `apicheck live`, "
                + "which follows them, or have the server link its pages by path rather than by origin")
    }

    /// The first member named for the next page, a few levels deep (HAL's `_links.next.href`),
    /// that holds a link to the upstream's origin, itself or as an object's `href`.
    private func nextLink(in value: JSONValue, at path: JSONPath, depth: Int) -> (path: JSONPath, url: String)? {
        guard depth < 4, case let .object(members) = value else { return nil }
        for member in members {
            let here = path.appending(member.key)
            if Self.nextNames.contains(MemberName.folded(member.key)) {
                if let text = member.value.stringValue, leadsUpstream(text) { return (here, text) }
                if let text = member.value["href"]?.stringValue, leadsUpstream(text) { return (here.appending("href"), text) }
            }
            if let found = nextLink(in: member.value, at: here, depth: depth + 1) { return found }
        }
        return nil
    }

    /// Whether `text` is a link on the upstream's whole origin (not a longer host or port).
    private func leadsUpstream(_ text: String) -> Bool {
        guard text.hasPrefix(origin) else { return false }
        let next = text.dropFirst(origin.count).first
        return next == nil || "/?#".contains(next!)
    }
}
