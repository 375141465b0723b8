extension Paging {
    /// Whether `page` says it is its list's last (true) or that more follow (false), by its
    /// declared counts; nil when it says neither (none declared, or none in the page). A list
    /// whose last page is full ends here, where the page says so, rather than on the server's
    /// refusal of the page after it.
    func saysLast(_ page: PageRead) -> Bool? {
        let document = page.document
        if let more = PageCounts.flag(at: counts.more, in: document) { return !more }
        let total = PageCounts.number(at: counts.total, in: document)
        switch cursor {
        case let .pageNumber(parameter, first):
            let number =
                PageCounts.number(at: counts.page, in: document) ?? page.values[parameter].flatMap { Int($0.text) } ?? first
            if let pages = PageCounts.number(at: counts.pages, in: document) { return number - first + 1 >= pages }
            guard let total else { return nil }
            let asked = self.size.flatMap { page.values[$0] }.flatMap { Int($0.text) }
            let size = PageCounts.number(at: counts.size, in: document) ?? asked ?? page.ids.count
            return (number - first) * size + page.ids.count >= total
        case let .offset(parameter):
            guard let total else { return nil }
            let offset = page.values[parameter].flatMap { Int($0.text) } ?? 0
            return offset + page.ids.count >= total
        default:
            return nil
        }
    }

    /// Why an empty page that says more follow is at fault: a client that reads its counts asks
    /// for the next page, as empty, for ever.
    static func emptyButMore() -> NextPage {
        .fault(
            expected: "an empty page that says it is the last", found: "an empty page whose counts say more follow",
            message: "an empty page says more pages follow: a client that reads its counts asks on and never ends")
    }

    /// Whether the server's refusal (400, 404, 416, 422) of the page after a full one ends the list
    /// rather than failing it: for page numbers and offsets with no counts declared, whose list
    /// can only end on an empty or short page, a list whose last page is full has no other end
    /// on a server that refuses a page past the last (Django's 404, ZenML's 400). With counts
    /// declared, `live` asks only where a page says more follow, and a refusal is the list's fault.
    func endsOnRefusal(status: Int?) -> Bool {
        guard !counts.placesTheEnd, let status, [400, 404, 416, 422].contains(status) else { return false }
        switch cursor {
        case .pageNumber, .offset: return true
        default: return false
        }
    }
}
