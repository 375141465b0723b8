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
}
