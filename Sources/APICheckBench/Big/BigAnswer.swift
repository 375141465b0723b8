import APICheck
import Foundation

/// A page of an activity feed, the decode type of the big answer.
struct FeedPage: Decodable, Sendable {
    struct Event: Decodable, Sendable {
        let id: Int64
        let kind: String
        let at: Int
        let actor: Actor
        let target: Target
    }

    struct Actor: Decodable, Sendable {
        let id: Int64
        let name: String
        let rank: Int
        let verified: Bool?
    }

    struct Target: Decodable, Sendable {
        let id: Int64
        let title: String?
        let likes: Int
        let tags: [String]
    }

    let events: [Event]
    let next: String?
    let total: Int
}

/// A generated answer big enough that any cost per byte or per key shows: an envelope around an array
/// of objects with nested objects and arrays, deterministic so that every process of a run
/// measures the same bytes. Compared with a two-event mock, it drifts the way live answers do: a
/// field the mock lacks, an optional one sometimes absent, null titles.
enum BigAnswer {
    /// The two ways an answer gets big: a long array of objects, or a dictionary whose keys are
    /// data (`[String: Actor]`), where drift must not cost a shape per entry.
    enum Layout: String, CaseIterable {
        case feed, map

        /// About 1.5 M keys and 26 MB at the default.
        var defaultCount: Int { self == .feed ? 109_000 : 312_000 }

        func body(count: Int) -> Data { self == .feed ? BigAnswer.body(events: count) : BigAnswer.body(members: count) }
        var mock: String { self == .feed ? BigAnswer.mock : BigAnswer.mapMock }
        var description: String { self == .feed ? "a feed of N events" : "a map of N members" }
    }

    static let defaultEvents = Layout.feed.defaultCount

    static func body(events count: Int) -> Data {
        var text = #"{"code":200,"msg":"success","datas":{"events":["#
        text.reserveCapacity(count * 250 + 100)
        let kinds = ["like", "repost", "comment", "follow"]
        let words = ["contract", "drift", "mock", "envelope", "token", "answer", "décodé", "形状"]
        var random = UInt64(0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        for index in 0..<count {
            let user = 1_000_000_000 + next(90_000)
            text += index == 0 ? "{" : ",{"
            text += #""id":\#(4_130_540_976_425_200 - index),"kind":"\#(kinds[next(4)])","at":\#(1_700_000_000 + index * 7),"#
            text += #""actor":{"id":\#(user),"name":"member_\#(user)","rank":\#(next(8))"#
            if next(5) > 0 { text += #","verified":\#(next(2) == 0)"# }
            text += #"},"target":{"id":\#(4_130_540_976_000_000 + next(900_000)),"title":"#
            text += next(10) == 0 ? "null" : #""\#(words[next(8)]) \"\#(words[next(8)])\"""#
            text += #","likes":\#(next(5000)),"tags":["#
            for tag in 0..<next(3) { text += (tag > 0 ? "," : "") + #""\#(words[next(8)])""# }
            text += #"]},"seen":\#(next(2) == 0)}"#
        }
        text += #"],"next":"c\#(count)","total":\#(count)}}"#
        return Data(text.utf8)
    }

    /// A dictionary of members by id, `verified` sometimes absent.
    static func body(members count: Int) -> Data {
        var text = #"{"code":200,"msg":"success","datas":{"#
        text.reserveCapacity(count * 90 + 100)
        for index in 0..<count {
            let id = 1_000_000_000 + index
            text += (index > 0 ? "," : "") + #""m\#(id)":{"id":\#(id),"name":"member_\#(id)","rank":\#(index % 8)"#
            text += index % 5 == 0 ? "}" : #","verified":\#(index % 2 == 0)}"#
        }
        return Data((text + "}}").utf8)
    }

    static let mapMock = """
        {"code": 200, "msg": "success", "datas": {
          "m1000000001": {"id": 1000000001, "name": "member_1000000001", "rank": 3, "verified": true}}}
        """

    /// The mock: two events, every field present, nothing null, no `seen`.
    static let mock = """
        {"code": 200, "msg": "success", "datas": {"events": [
          {"id": 4130540976425200, "kind": "like", "at": 1700000000,
           "actor": {"id": 1000000001, "name": "user_1000000001", "rank": 3, "verified": true},
           "target": {"id": 4130540976000001, "title": "drift \\"mock\\"", "likes": 12, "tags": ["swift"]}},
          {"id": 4130540976425199, "kind": "repost", "at": 1700000007,
           "actor": {"id": 1000000002, "name": "user_1000000002", "rank": 0, "verified": false},
           "target": {"id": 4130540976000002, "title": "token", "likes": 0, "tags": []}}
        ], "next": "c2", "total": 2}}
        """

    /// Object keys in `data`, counted on the bytes: a string followed by `:`.
    static func keyCount(_ data: Data) -> Int {
        var keys = 0, inString = false, escaped = false, closedString = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false; closedString = true
                }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true; continue }
            if byte == UInt8(ascii: ":"), closedString { keys += 1 }
            if byte != 0x20 { closedString = false }
        }
        return keys
    }
}
