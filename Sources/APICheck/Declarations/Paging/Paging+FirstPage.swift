extension Paging {
    /// Whether a request with `query` asks for its list's first page: it carries no cursor, or
    /// one that names the first page (`page=1` from 1, `offset=0`). A list paged by links knows
    /// its cursor only where it declares one (`lastID`), or by the API's own `offset` or `page`;
    /// any other request of it counts as a first page. What `import-har` prefers for the
    /// success mock, which `serve` cuts its pages from and `live` reads as the list's start.
    public func asksForFirstPage(query: [(name: String, value: String)]) -> Bool {
        func value(_ name: String) -> String? {
            query.first { $0.name.caseInsensitiveCompare(name) == .orderedSame && !$0.value.isEmpty }?.value
        }
        switch cursor {
        case let .id(parameter, _), let .token(_, parameter):
            return value(parameter) == nil
        case let .pageNumber(parameter, first):
            return value(parameter).map { Int($0) == first } ?? true
        case let .offset(parameter):
            return value(parameter).map { Int($0) == 0 } ?? true
        case .link, .url:
            if let lastID, value(lastID) != nil { return false }
            if let offset = value("offset"), Int(offset) != 0 { return false }
            if let page = value("page"), Int(page) != 1 { return false }
            return true
        }
    }
}
