import APICheck

extension PagedBody {
    /// `page`, items `start ..< start + size` of `count`, with the counts the declaration names
    /// (`Paging.counted`) written as the page's own: its number, the list's pages and items, the
    /// size it was cut to, whether more follow. A client that reads them (a pager that stops at
    /// `total_pages`) would otherwise be told of every page that it is page 1 of 1. Only counts
    /// the mock shows are written: the mock says which the answer carries. `size` is nil when
    /// the request asked none, and the page holds the whole list: the mock's own size is kept.
    /// `returned` is how many items the page holds.
    func counted(_ page: JSONValue, start: Int, size: Int?, count: Int, returned: Int) -> JSONValue {
        let counts = paging.counts
        guard !counts.isEmpty else { return page }
        let cut = max(1, size ?? count)
        var page = page
        func write(_ value: JSONValue, at path: DeclaredPath?) {
            guard let path = path?.path, page.value(at: path) != nil else { return }
            page.set(value, at: path)
        }
        if case let .pageNumber(_, first) = paging.cursor {
            write(.number(String(first + max(0, start) / cut)), at: counts.page)
        }
        // An empty list is one page, as the servers that count pages say it (ZenML, Django).
        write(.number(String(max(1, (count + cut - 1) / cut))), at: counts.pages)
        if let size { write(.number(String(size)), at: counts.size) }
        write(.number(String(count)), at: counts.total)
        write(.bool(max(0, start) + cut < count), at: counts.more)
        write(.number(String(returned)), at: counts.returned)
        return page
    }
}
