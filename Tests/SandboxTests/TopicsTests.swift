import Foundation
import Testing
@testable import Sandbox

@Suite struct TopicsTests {
    let sandbox = SandboxHarness()

    func topics(_ query: [(String, String)] = []) -> [SandboxJSON] {
        sandbox.get("topics", query).datas?.arrayValue ?? []
    }

    @Test func theFirstPageNeedsNoToken() throws {
        let answer = sandbox.get("topics")
        #expect(answer.code == 200)
        let items = try #require(answer.datas?.arrayValue)
        #expect(items.count == 20)
        let uuid = #/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/#
        for topic in items {
            #expect(
                layout(topic) == [
                    "id:string", "userID:string", "categoryId:int", "likeNum:int", "isGood:int", "viewNum:int",
                    "collectNum:int", "replyNum:int", "createTime:double", "author:string", "title:string",
                    "content:string",
                ])
            #expect(topic["id"]?.stringValue?.wholeMatch(of: uuid) != nil)
            #expect(topic["userID"]?.stringValue?.wholeMatch(of: uuid) != nil)
        }
        #expect(answer.text.contains(#""createTime":1700000000."#))
    }

    @Test func pagesAreOneBasedAndEndWithAnEmptyPage() {
        let all = (1...3).flatMap { topics([("page", String($0))]) }
        #expect(all.count == 50)
        #expect(Set(all.compactMap { $0["id"]?.stringValue }).count == 50)
        #expect(topics([("page", "3")]).count == 10)
        #expect(topics([("page", "4")]) == [])
        #expect(sandbox.get("topics", [("page", "4")]).text == #"{"code":200,"msg":"success","datas":[]}"#)
        #expect(topics([("page", "1"), ("size", "5")]) == Array(topics().prefix(5)))
        #expect(topics([("page", "2"), ("size", "5")]) == Array(topics()[5..<10]))
        #expect(topics([("size", "100")]).count == 50)
        #expect(topics([("page", "9223372036854775807"), ("size", "9223372036854775807")]) == [])
    }

    @Test(arguments: [("page", "0"), ("page", "x"), ("size", "0"), ("size", "-3"), ("size", "ten")])
    func badPagingGetsMinusOne(name: String, value: String) {
        let answer = sandbox.get("topics", [(name, value)])
        #expect(answer.code == -1)
        #expect(answer.msg == "invalid parameter: \(name)")
    }

    @Test func likesCountOncePerAccountAndNeverGoBelowZero() throws {
        let first = try #require(topics().first)
        let tid = try #require(first["id"]?.stringValue)
        let base = try #require(first["likeNum"]?.intValue)
        let demo = sandbox.login()
        let body = #"{"tid":"\#(tid)"}"#

        let liked = sandbox.post("TopicLikedAdd", body, token: demo)
        #expect(liked.code == 200)
        #expect(layout(liked.datas) == ["tid:string", "liked:bool", "likeCount:int"])
        #expect(liked.datas == .object([("tid", .string(tid)), ("liked", .bool(true)), ("likeCount", .int(base + 1))]))
        #expect(sandbox.post("TopicLikedAdd", body, token: demo).datas?["likeCount"] == .int(base + 1))
        #expect(topics().first?["likeNum"] == .int(base + 1))

        #expect(sandbox.post("Account/register", #"{"account":"fan","password":"123456"}"#).code == 200)
        let fan = sandbox.login("fan", "123456")
        #expect(sandbox.post("TopicLikedAdd", body, token: fan).datas?["likeCount"] == .int(base + 2))
        let unliked = sandbox.post("TopicLikedRemove", body, token: fan)
        #expect(unliked.datas == .object([("tid", .string(tid)), ("liked", .bool(false)), ("likeCount", .int(base + 1))]))
        #expect(sandbox.post("TopicLikedRemove", body, token: fan).datas?["likeCount"] == .int(base + 1))
        #expect(sandbox.post("TopicLikedRemove", body, token: demo).datas?["likeCount"] == .int(base))
    }

    @Test func anyTidIsAcceptedAndNeverNegative() {
        let token = sandbox.login()
        let removed = sandbox.post("TopicLikedRemove", #"{"tid":"no-such-topic"}"#, token: token)
        #expect(removed.text == #"{"code":200,"msg":"success","datas":{"tid":"no-such-topic","liked":false,"likeCount":0}}"#)
        #expect(sandbox.post("TopicLikedAdd", #"{"tid":"no-such-topic"}"#, token: token).datas?["likeCount"] == .int(1))
        #expect(sandbox.post("TopicLikedRemove", #"{"tid":"no-such-topic"}"#, token: token).datas?["likeCount"] == .int(0))
        #expect(sandbox.post("TopicLikedRemove", #"{"tid":"no-such-topic"}"#, token: token).datas?["likeCount"] == .int(0))
    }

    @Test func unlikingWithoutALikeChangesNothing() throws {
        let zero = try #require(DemoData.topics.last)
        let token = sandbox.login()
        let answer = sandbox.post("TopicLikedRemove", #"{"tid":"\#(zero.id)"}"#, token: token)
        #expect(answer.datas?["likeCount"] == .int(Int64(zero.likeNum)))
        #expect((answer.datas?["likeCount"]?.intValue ?? -1) >= 0)
    }

    @Test(arguments: ["TopicLikedAdd", "TopicLikedRemove"])
    func tidIsARequiredString(path: String) {
        let token = sandbox.login()
        #expect(sandbox.post(path, "{}", token: token).msg == "missing parameter: tid")
        #expect(sandbox.post(path, #"{"tid":17}"#, token: token).msg == "invalid parameter: tid")
        #expect(sandbox.post(path, #"{"tid":["a"]}"#, token: token).code == -1)
    }
}
