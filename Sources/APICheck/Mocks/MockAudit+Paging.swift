extension MockAudit {
    /// A paging declaration must work against the endpoint's own success mock, the first page of
    /// the list: its ids are where the declaration reads them, a number or a string per item, and
    /// a token or next URL the declaration reads from the body is there. Otherwise `live` would fail on every
    /// run, and `serve` would have no items to page through.
    func pagingFindings(_ endpoint: AnyEndpoint) -> [Finding] {
        guard let paging = endpoint.paging, let path = paging.ids.path, let file = mocks.file(of: endpoint),
            case let .success(document) = mocks.document(of: file)
        else { return [] }
        let filePath = mocks.path(of: file)
        var findings: [Finding] = []
        if PagingCheck.ids(in: document, at: path) == nil {
            findings.append(
                Finding(
                    kind: .paging, severity: .error, endpoint: endpoint.id, path: path, expected: "a number or string id per item",
                    found: "no such array of ids",
                    message: "the paging declaration reads ids at \(paging.ids), which the mock does not have "
                        + "(a number or string per item of an array)", file: filePath))
        }
        if case let .url(.bodyLink(_, text)) = paging.cursor, let linksPath = text.path {
            // The list may fit the mock's one page, with no next link: serve pages it all the same.
            let links = document.value(at: linksPath)
            if links?.kindName != "Array" {
                findings.append(
                    Finding(
                        kind: .paging, severity: .error, endpoint: endpoint.id, path: linksPath, expected: "an array of links",
                        found: links == nil ? "absent" : "not an array",
                        message: "the paging declaration reads the next page's link in \(text), which the mock does not have as an array",
                        file: filePath))
            }
        } else if let text = paging.cursor.bodyPath, let tokenPath = text.path {
            switch document.value(at: tokenPath) {
            // A null token is a list of one page, as the API ends its lists: `serve` pages it and
            // ends it with null too.
            case .string?, .number?, .null?:
                break
            case let found:
                findings.append(
                    Finding(
                        kind: .paging, severity: .error, endpoint: endpoint.id, path: tokenPath,
                        expected: "a next \(paging.cursor.kindName) (string)",
                        found: found == nil ? "absent" : "not a string",
                        message:
                            "the paging declaration reads the next \(paging.cursor.kindName) at \(text), which the mock does not have: "
                            + "the mock should be a first page with more to come", file: filePath))
            }
        }
        return findings
    }
}
