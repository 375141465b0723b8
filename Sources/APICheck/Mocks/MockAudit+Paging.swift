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
            let found = document.value(at: tokenPath)
            let beside = found == nil ? Self.cursorLike(beside: tokenPath, in: document) : nil
            switch found {
            // A null token is a list of one page, as the API ends its lists: `serve` pages it and
            // ends it with null too. So is an absent one, as protobuf's JSON ends them (MLflow's),
            // unless a member beside it reads as the cursor: then the declaration misses it.
            case .string?, .number?, .null?:
                break
            case nil where beside == nil:
                break
            default:
                let fault =
                    beside.map { "the mock has '\($0)' beside it: is that the cursor?" }
                    ?? "the mock should be a first page with more to come"
                findings.append(
                    Finding(
                        kind: .paging, severity: .error, endpoint: endpoint.id, path: tokenPath,
                        expected: "a next \(paging.cursor.kindName) (string)",
                        found: found == nil ? "absent" : "not a string",
                        message:
                            "the paging declaration reads the next \(paging.cursor.kindName) at \(text), which the mock does not have: "
                            + fault, file: filePath))
            }
        }
        return findings
    }

    /// A member of the object that would hold the next token, other than the token's own name,
    /// whose name says cursor and whose value could be one: `nextPageToken` or Matrix's `end` where
    /// `$.next_batch` is declared.
    static func cursorLike(beside path: JSONPath, in document: JSONValue) -> String? {
        guard case let .key(name)? = path.components.last,
            case let .object(members)? = document.value(at: JSONPath(Array(path.components.dropLast())))
        else { return nil }
        return members.first { member in
            switch member.value {
            case .string, .number, .null: member.key != name && !cursorWords.isDisjoint(with: words(member.key))
            default: false
            }
        }?.key
    }

    private static let cursorWords: Set<String> = [
        "token", "cursor", "next", "end", "after", "before", "marker", "continuation", "bookmark", "scroll",
    ]

    /// The words of a member's name, lowercased: `nextPageToken` and `next_page_token` are both
    /// next, page, token.
    private static func words(_ name: String) -> Set<String> {
        var words: Set<String> = []
        var word = ""
        for character in name {
            if character == "_" || character == "-" || character.isUppercase {
                if !word.isEmpty { words.insert(word) }
                word = character.isLetter ? character.lowercased() : ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.insert(word) }
        return words
    }
}
