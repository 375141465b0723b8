import APICheck
import Testing

@Suite struct JSONPathTests {
    @Test func printsLikePeopleWriteIt() {
        let path = JSONPath.root.appending("datas").appending("statuses").appending(index: 3).appending("user").appending("screen_name")
        #expect(path.description == "$.datas.statuses[3].user.screen_name")
        #expect(path.generalized.description == "$.datas.statuses[*].user.screen_name")
        #expect(JSONPath.root.appending("odd key").description == "$['odd key']")
    }

    @Test func parsesWhatItPrints() {
        for text in ["$.datas.statuses[0].id", "$.datas[*].id", "$['odd key'].x", "$"] {
            #expect(JSONPath(parsing: text)?.description == text)
        }
        #expect(JSONPath(parsing: "datas.x") == nil)
        #expect(JSONPath(parsing: "$.a[x]") == nil)
    }

    @Test func oneEvaluatorReadsWildcardsForEveryCaller() throws {
        let document = try JSONParser.parse(#"{"a": [{"id": 1, "m": {"x": 5}}, {"id": 2, "m": {"y": 6}}], "e": []}"#)
        let ids = try #require(JSONPath(parsing: "$.a[*].id"))

        #expect(document.values(at: ids) == [.number("1"), .number("2")])
        #expect(document.value(at: ids) == .number("1"))
        #expect(document.values(at: try #require(JSONPath(parsing: "$.a[*].m.*"))) == [.number("5"), .number("6")])
        #expect(document.values(at: try #require(JSONPath(parsing: "$.e[*]"))) == [])
        #expect(document.value(at: try #require(JSONPath(parsing: "$.e[*]"))) == nil)
        // A step missing on one of the ways is missing: the paging check then calls the page malformed.
        #expect(document.values(at: try #require(JSONPath(parsing: "$.a[*].m.x"))) == nil)
    }
}
