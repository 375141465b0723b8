import APICheck
import Foundation
import HTTPServer

/// How a test breaks the backend's paging, as a careless release might.
public enum RelayPagingFault: Sendable {
    /// Each next page starts one item early: the previous page's last item comes again.
    case repeatedItem
    /// The last page still gives a next token or link, and so does every empty page after it;
    /// a window or page number past the end answers the last full page again, so a client that
    /// waits for an empty or short page never gets one.
    case endless
    /// A window or page number past the end is full of new items (`rooms.public`,
    /// `server.notices`), however far: no item comes twice and no page is short, so only a page
    /// budget tells that the list never ends.
    case unending
}

extension RelayBackend {
    /// The lobby's messages, oldest first.
    static let lobbyMessages: [(id: String, sender: String, body: String)] = [
        ("$lobby-m1", "@ada:relay", "Hello"), ("$lobby-m2", "@grace:relay", "Hi Ada"), ("$lobby-m3", "@linus:relay", "Morning"),
        ("$lobby-m4", "@ada:relay", "Stand-up at ten"), ("$lobby-m5", "@grace:relay", "On my way"),
    ]

    /// The accounts, by ascending user id.
    static let accounts: [(id: String, name: String)] = [
        ("@ada:relay", "Ada"), ("@grace:relay", "Grace"), ("@linus:relay", "Linus"), ("@mia:relay", "Mia"), ("@tim:relay", "Tim"),
    ]

    /// `GET rooms/{roomId}/messages?from=&limit=`: tokens `s72_<index>`, no `end` on the last page.
    func messages(in room: String, _ request: ServerRequest) -> ServerResponse {
        guard Self.rooms.contains(room) else { return error(404, "M_NOT_FOUND", "Unknown room") }
        let items = room == "!lobby:relay" ? Self.lobbyMessages : []
        let limit = max(1, request.queryValue("limit").flatMap { Int($0) } ?? 10)
        let start =
            request.queryValue("from").map { from -> Int in
                from.hasPrefix("s72_") ? Int(from.dropFirst(4)) ?? 0 : 0
            } ?? 0
        let page = items.dropFirst(start).prefix(limit)
        var next = start + page.count
        let fault = pagingFault.withLock { $0 }
        if fault == .repeatedItem, !page.isEmpty { next -= 1 }
        let more = next < items.count || fault == .endless
        let chunk = JSONValue.array(
            page.map { .object([("event_id", .string($0.id)), ("sender", .string($0.sender)), ("body", .string($0.body))]) })
        var members: [(key: String, value: JSONValue)] = [("chunk", chunk), ("start", .string("s72_\(start)"))]
        if more { members.append(("end", .string("s72_\(max(next, start + 1))"))) }
        return .json(Data(JSONValue.object(members).compactText.utf8))
    }

    /// `GET users?page=&per_page=`: a `Link` header with the next page (and the last one), relative.
    func users(_ request: ServerRequest) -> ServerResponse {
        let perPage = max(1, request.queryValue("per_page").flatMap { Int($0) } ?? 30)
        let number = max(1, request.queryValue("page").flatMap { Int($0) } ?? 1)
        let fault = pagingFault.withLock { $0 }
        var start = (number - 1) * perPage
        if fault == .repeatedItem, number > 1 { start -= 1 }
        let page = Self.accounts.dropFirst(start).prefix(perPage)
        let users = JSONValue.array(page.map { .object([("user_id", .string($0.id)), ("display_name", .string($0.name))]) })
        var response = ServerResponse.json(Data(JSONValue.object([("users", users)]).compactText.utf8))
        let last = (Self.accounts.count + perPage - 1) / perPage
        var links: [String] = []
        if number < last || fault == .endless {
            // A quoted parameter with a comma and a semicolon in it: a parser must not split there.
            links.append(#"<users?page=\#(number + 1)&per_page=\#(perPage)>; rel="next"; title="next page, please; thanks""#)
        }
        links.append(#"<users?page=\#(last)&per_page=\#(perPage)>; rel="last""#)
        response.headers.append(("Link", links.joined(separator: ", ")))
        return response
    }

    /// The public room directory, by room id.
    static let publicDirectory: [(id: String, name: String, members: Int)] = [
        ("!design:relay", "Design", 4), ("!help:relay", "Help", 12), ("!lobby:relay", "Lobby", 3), ("!ops:relay", "Ops", 2),
        ("!random:relay", "Random", 9), ("!releases:relay", "Releases", 5),
    ]

    /// The server's notices, oldest first.
    static let serverNotices: [(id: Int, text: String)] = [
        (101, "Welcome to Relay"), (102, "Maintenance on Sunday"), (103, "New room: Releases"), (104, "Maintenance is over"),
    ]

    /// `GET public_rooms?offset=&limit=`: the window from `offset`; an empty one past the end.
    func publicRooms(_ request: ServerRequest) -> ServerResponse {
        let limit = max(1, request.queryValue("limit").flatMap { Int($0) } ?? 10)
        let offset = max(0, request.queryValue("offset").flatMap { Int($0) } ?? 0)
        let start = window(from: offset, size: limit, of: Self.publicDirectory.count)
        let rooms = items(start, limit, of: Self.publicDirectory) { ("!room\($0 + 1):relay", "Room \($0 + 1)", 1) }.map { room in
            JSONValue.object([
                ("room_id", .string(room.id)), ("name", .string(room.name)), ("num_joined_members", .number("\(room.members)")),
            ])
        }
        let body = JSONValue.object([("chunk", .array(rooms)), ("total_room_count_estimate", .number("\(Self.publicDirectory.count)"))])
        return .json(Data(body.compactText.utf8))
    }

    /// `GET notices?page=&per_page=`: page 1 first; an empty page past the end.
    func notices(_ request: ServerRequest) -> ServerResponse {
        let perPage = max(1, request.queryValue("per_page").flatMap { Int($0) } ?? 10)
        let number = max(1, request.queryValue("page").flatMap { Int($0) } ?? 1)
        let start = window(from: (number - 1) * perPage, size: perPage, of: Self.serverNotices.count)
        let notices = items(start, perPage, of: Self.serverNotices) { (101 + $0, "Notice \(101 + $0)") }.map { notice in
            JSONValue.object([("id", .number("\(notice.id)")), ("text", .string(notice.text))])
        }
        return .json(Data(JSONValue.object([("notices", .array(notices))]).compactText.utf8))
    }

    /// The `size` items from index `start`: the list's own, and past its end none, or with the
    /// `unending` fault new ones made by `more` from their index.
    private func items<Item>(_ start: Int, _ size: Int, of list: [Item], more: (Int) -> Item) -> [Item] {
        guard pagingFault.withLock({ $0 }) == .unending else { return Array(list.dropFirst(start).prefix(size)) }
        return (start..<start + size).map { $0 < list.count ? list[$0] : more($0) }
    }

    /// Where a window of `size` asked from `offset` starts, as the paging fault has it: one item
    /// early after the first (`repeatedItem`), or at the last full window when asked past the
    /// end (`endless`).
    private func window(from offset: Int, size: Int, of count: Int) -> Int {
        switch pagingFault.withLock({ $0 }) {
        case .repeatedItem? where offset > 0: return offset - 1
        case .endless? where offset >= count: return max(0, count - size)
        default: return offset
        }
    }
}
