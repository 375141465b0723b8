extension Paging {
    /// What makes a paging declaration impossible to follow: ids at a path that is no JSONPath
    /// with `[*]` over the items, or a cursor that is not one of the endpoint's query parameters.
    func problems(in endpoint: AnyEndpoint) -> [Finding] {
        var messages: [String] = []
        if let path = JSONPath(parsing: ids) {
            if !path.components.contains(.anyIndex) {
                messages.append("paging reads ids at '\(ids)', which has no [*] over the items")
            }
        } else {
            messages.append("paging reads ids at '\(ids)', which is not a JSONPath like $.datas.items[*].id")
        }
        if !endpoint.parameters.contains(where: { $0.name == next && $0.location == .query }) {
            messages.append("paging asks for the next page with '\(next)', which is not a query parameter of the endpoint")
        }
        return messages.map { Finding(kind: .declaration, severity: .error, category: .harness, endpoint: endpoint.id, message: $0) }
    }
}
