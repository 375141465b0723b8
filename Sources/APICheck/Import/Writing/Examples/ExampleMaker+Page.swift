extension ExampleMaker {
    /// Members that link a list's neighbouring pages (Django REST framework's `next` and
    /// `previous`, `next_url`, `prevLink`), lowercased without separators.
    static let pageLinkNames: Set = [
        "next", "previous", "prev", "nexturl", "previousurl", "prevurl", "nextlink", "previouslink", "prevlink", "nextpage",
        "previouspage", "prevpage",
    ]
    /// Members that count a list's items (`count`, `total`, `totalCount`), alike.
    static let countNames: Set = ["count", "total", "totalcount", "totalresults", "totalitems", "totalsize"]

    /// An answer that is one page of a list (an array beside links to other pages or a count)
    /// made as the whole list: its links to other pages null where the schema lets them be (a
    /// schema's example, `http://api.example.org/accounts/?offset=400`, leads a client following
    /// it away from `serve` to a page that is not there), and its count that of its items (a
    /// count of 123 beside one item says more pages come).
    func settlePage(_ members: inout [(key: String, value: JSONValue)], schema: JSONValue) {
        let lists = members.compactMap { member -> Int? in
            if case let .array(items) = member.value { items.count } else { nil }
        }
        guard lists.count == 1, let count = lists.first else { return }
        let properties = Dictionary(source.properties(of: schema).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for index in members.indices {
            guard let property = properties[members[index].key].flatMap({ source.resolve($0) }) else { continue }
            let name = MemberName.folded(members[index].key)
            if Self.countNames.contains(name), case .number = members[index].value, OpenAPISource.string(property["type"]) == "integer" {
                members[index].value = .number(String(count))
            } else if Self.pageLinkNames.contains(name), case .string = members[index].value,
                ExampleFit(source: source, purpose: purpose).nullable(property)
            {
                members[index].value = .null
            }
        }
    }
}
