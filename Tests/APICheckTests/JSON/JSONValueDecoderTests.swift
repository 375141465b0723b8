import APICheck
import Testing

@Suite struct JSONValueDecoderTests {
    struct User: Decodable, Equatable {
        var screenName: String
        var mbrank: Int
        enum CodingKeys: String, CodingKey { case screenName = "screen_name", mbrank }
    }

    struct Status: Decodable, Equatable {
        var id: Int64
        var user: User
        var note: String?
    }

    struct Timeline: Decodable, Equatable {
        var statuses: [Status]
        var score: Double
    }

    let base = JSONPath.root.appending("datas")

    func decode(_ text: String) throws(DecodingFailure) -> JSONValueDecoder.Result<Timeline> {
        try JSONValueDecoder().decode(Timeline.self, from: try! JSONParser.parse(text), at: base)
    }

    let good = #"{"statuses": [{"id": 4130540976425001, "user": {"screen_name": "a", "mbrank": 1}}], "score": 3}"#

    @Test func decodesAndRecordsReads() throws {
        let result = try decode(good)
        #expect(result.value.statuses.first?.id == 4_130_540_976_425_001)
        #expect(result.value.score == 3)
        let reads = Dictionary(uniqueKeysWithValues: result.reads.map { ($0.path.description, $0) })
        #expect(reads["$.datas.statuses[*].user.screen_name"]?.type == "String")
        #expect(reads["$.datas.statuses[*].user.screen_name"]?.required == true)
        #expect(reads["$.datas.statuses[*].note"]?.required == false)
        #expect(reads["$.datas.score"]?.type == "Double")
    }

    @Test(arguments: [
        (
            #"{"statuses": [{"id": 1, "user": {"screen_name": "a", "mbrank": 1}}, {"id": 2, "user": {"mbrank": 1}}], "score": 1}"#,
            "$.datas.statuses[1].user.screen_name: expected String, found absent"
        ),
        (
            #"{"statuses": [{"id": 1, "user": {"screen_name": null, "mbrank": 1}}], "score": 1}"#,
            "$.datas.statuses[0].user.screen_name: expected String, found null"
        ),
        (
            #"{"statuses": [{"id": "1", "user": {"screen_name": "a", "mbrank": 1}}], "score": 1}"#,
            "$.datas.statuses[0].id: expected Int64, found String"
        ),
        (
            #"{"statuses": [{"id": 1.5, "user": {"screen_name": "a", "mbrank": 1}}], "score": 1}"#,
            "$.datas.statuses[0].id: expected Int64, found Double"
        ),
        (#"{"statuses": {}, "score": 1}"#, "$.datas.statuses: expected Array, found Object"),
        (#"{"statuses": [], "score": true}"#, "$.datas.score: expected Double, found Bool"),
        (
            #"{"statuses": [{"id": 1, "user": {"screen_name": "a", "mbrank": 99999999999999999999}}], "score": 1}"#,
            "$.datas.statuses[0].user.mbrank: expected Int, found Int (99999999999999999999 does not fit in Int)"
        ),
    ])
    func failuresNameTheExactPath(_ text: String, _ expected: String) {
        do {
            _ = try decode(text)
            Issue.record("decoded")
        } catch {
            #expect(error.description == expected)
        }
    }
}
