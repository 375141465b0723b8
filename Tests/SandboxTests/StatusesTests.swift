import Foundation
import Testing
@testable import Sandbox

@Suite struct StatusesTests {
    let sandbox = SandboxHarness()
    let newest: Int64 = 4_130_540_976_425_200
    let oldest: Int64 = 4_130_540_976_425_001

    func timeline(_ query: [(String, String)] = []) -> Answer {
        sandbox.get("statuses/home_timeline", query, token: sandbox.login())
    }

    func ids(_ answer: Answer) -> [Int64] {
        (answer.datas?["statuses"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
    }

    static let statusLayout = [
        "id:int", "text:string", "created_at:string", "source:string", "reposts_count:int",
        "comments_count:int", "attitudes_count:int", "user:object", "pic_urls:array",
    ]
    static let statusUserLayout = [
        "id:int", "screen_name:string", "avatar_large:string", "verified_type:int", "mbrank:int",
    ]

    @Test func theDefaultPageIsTheNewestTwenty() throws {
        let answer = timeline()
        #expect(answer.code == 200)
        let datas = try #require(answer.datas)
        #expect(layout(datas) == ["statuses:array", "since_id:int", "max_id:int", "total_number:int"])
        #expect(ids(answer) == (0..<20).map { newest - Int64($0) })
        #expect(datas["since_id"] == .int(newest))
        #expect(datas["max_id"] == .int(newest - 20))
        #expect(datas["total_number"] == .int(200))
    }

    @Test func everyStatusHasTheDeclaredFields() throws {
        let statuses = try #require(timeline([("count", "100")]).datas?["statuses"]?.arrayValue)
        #expect(statuses.count == 100)
        for status in statuses {
            #expect(layout(status) == Self.statusLayout)
            #expect(layout(status["user"]) == Self.statusUserLayout)
            for picture in status["pic_urls"]?.arrayValue ?? [] {
                #expect(layout(picture) == ["thumbnail_pic:string"])
            }
        }
    }

    @Test func theDataLooksLikeWeibo() throws {
        let all = DemoData.statuses.map(\.json)
        let pattern = #/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d\d \d\d:\d\d:\d\d \+0800 \d{4}$/#
        for status in all {
            let date = try #require(status["created_at"]?.stringValue)
            #expect(date.wholeMatch(of: pattern) != nil, "\(date)")
            #expect(status["source"]?.stringValue?.hasPrefix("<a href=\"http://weibo.com\" rel=\"nofollow\">") == true)
            let author = try #require(status["user"]?["id"]?.intValue)
            #expect((1_000_000_001...1_000_000_010).contains(author))
        }
        let pictureCounts = all.map { $0["pic_urls"]?.arrayValue?.count ?? -1 }
        #expect(pictureCounts.allSatisfy { (0...3).contains($0) })
        #expect(pictureCounts.filter { $0 == 0 }.count > 100)
        #expect(Set(pictureCounts) == [0, 1, 2, 3])
        #expect(Set(all.compactMap { $0["user"]?["id"]?.intValue }).count == 10)
        #expect(WeiboDate.string(fromUnixSeconds: 1_306_835_215) == "Tue May 31 17:46:55 +0800 2011")
    }

    @Test func countIsCappedAtOneHundred() {
        #expect(ids(timeline([("count", "5")])).count == 5)
        #expect(ids(timeline([("count", "100")])).count == 100)
        #expect(ids(timeline([("count", "500")])).count == 100)
    }

    @Test func countZeroReturnsNothingAndZeroIds() {
        let answer = timeline([("count", "0")])
        #expect(ids(answer).isEmpty)
        #expect(answer.datas?["since_id"] == .int(0))
        #expect(answer.datas?["max_id"] == .int(0))
        #expect(answer.datas?["total_number"] == .int(200))
    }

    @Test func maxIDWalksTheWholeTimelineWithoutOverlap() {
        var seen: [Int64] = []
        var maxID: Int64 = 0
        for _ in 0..<20 {
            let answer = timeline([("count", "30"), ("max_id", String(maxID))])
            let page = ids(answer)
            if page.isEmpty {
                #expect(answer.datas?["max_id"] == .int(0))
                break
            }
            seen += page
            maxID = answer.datas?["max_id"]?.intValue ?? 0
            #expect(maxID == page.last! - 1)
        }
        #expect(seen == (0..<200).map { newest - Int64($0) })
    }

    @Test func maxIDKeepsIdsUpToAndIncludingIt() {
        let answer = timeline([("max_id", String(newest - 10)), ("count", "3")])
        #expect(ids(answer) == [newest - 10, newest - 11, newest - 12])
        #expect(answer.datas?["since_id"] == .int(newest - 10))
        #expect(answer.datas?["max_id"] == .int(newest - 13))
    }

    @Test func sinceIDKeepsOnlyNewerIds() {
        let answer = timeline([("since_id", String(newest - 10))])
        #expect(ids(answer) == (0..<10).map { newest - Int64($0) })
        let nothing = timeline([("since_id", String(newest))])
        #expect(ids(nothing).isEmpty)
        #expect(nothing.datas?["since_id"] == .int(0))
        #expect(nothing.datas?["max_id"] == .int(0))
    }

    @Test func sinceIDAndMaxIDTogetherBoundBothEnds() {
        let answer = timeline([("since_id", String(oldest + 4)), ("max_id", String(oldest + 9)), ("count", "50")])
        #expect(ids(answer) == [oldest + 9, oldest + 8, oldest + 7, oldest + 6, oldest + 5])
    }

    @Test func zeroAndNegativeIdsDoNotFilter() {
        #expect(ids(timeline([("since_id", "0"), ("max_id", "-5")])).first == newest)
    }

    @Test(arguments: [
        ("count", "abc"), ("count", "-1"), ("count", ""), ("since_id", "x"), ("max_id", "1.5"),
        ("since_id", "99999999999999999999"),
    ])
    func unparsableNumbersGetMinusOne(name: String, value: String) {
        let answer = timeline([(name, value)])
        #expect(answer.code == -1)
        #expect(answer.msg == "invalid parameter: \(name)")
        #expect(answer.datas == .null)
    }

    @Test func showAnswersOneStatus() throws {
        let token = sandbox.login()
        let answer = sandbox.get("statuses/4130540976425123", token: token)
        #expect(answer.code == 200)
        let status = try #require(answer.datas)
        #expect(layout(status) == Self.statusLayout)
        #expect(status["id"] == .int(4_130_540_976_425_123))
        #expect(status == DemoData.status(id: 4_130_540_976_425_123)?.json)
    }

    @Test(arguments: ["4130540976425000", "4130540976425201", "1", "0", "-4130540976425100"])
    func unknownStatusesGet20101(id: String) {
        let answer = sandbox.get("statuses/\(id)", token: sandbox.login())
        #expect(answer.status == 200)
        #expect(answer.text == #"{"code":20101,"msg":"status not found","datas":null}"#)
    }

    @Test(arguments: ["abc", "12x", "4130540976425001.0"])
    func nonNumericStatusIdsGetMinusOne(id: String) {
        let answer = sandbox.get("statuses/\(id)", token: sandbox.login())
        #expect(answer.code == -1)
        #expect(answer.msg == "invalid parameter: id")
    }

    @Test func everyAuthorHasAProfile() throws {
        let token = sandbox.login()
        for uid in 1_000_000_001...1_000_000_010 {
            let answer = sandbox.get("users/show", [("uid", String(uid))], token: token)
            #expect(answer.code == 200)
            let profile = try #require(answer.datas)
            #expect(
                layout(profile) == [
                    "id:int", "screen_name:string", "description:string", "followers_count:int",
                    "friends_count:int", "statuses_count:int", "verified:bool", "avatar_large:string",
                ])
            #expect(profile["id"] == .int(Int64(uid)))
        }
        #expect(sandbox.get("users/show", [("uid", "1000000001")], token: token).datas?["screen_name"] == .string("demo"))
    }

    @Test func usersShowValidatesUID() {
        let token = sandbox.login()
        #expect(sandbox.get("users/show", token: token).msg == "missing parameter: uid")
        #expect(sandbox.get("users/show", [("uid", "me")], token: token).msg == "invalid parameter: uid")
        let unknown = sandbox.get("users/show", [("uid", "42")], token: token)
        #expect(unknown.code == -1)
        #expect(unknown.msg == "invalid parameter: uid")
    }
}
