@testable import APICheck
import Testing

/// What a step keeps of an answer for the steps after it: only the values their paths reach,
/// found at the same paths as before.
@Suite struct JSONValueKeepingTests {
    static let document = try! JSONParser.parse(
        #"""
        {"code": 200, "datas": {"statuses": [{"id": 3, "text": "a", "user": {"id": 9}}, {"id": 2, "text": "b"}, {"id": 1}],
         "max_id": 1, "big": {"k1": 1, "k2": [1, 2, 3]}}}
        """#)

    @Test func keepsWhatThePathsReachAndNothingElse() throws {
        let paths = ["$.datas.statuses[*].id", "$.datas.statuses[0].user.id", "$.datas.max_id"].compactMap(JSONPath.init(parsing:))
        let kept = try #require(Self.document.keeping(paths))
        for path in paths + [JSONPath(parsing: "$.datas.statuses[2].id")!] {
            #expect(kept.value(at: path) == Self.document.value(at: path), "\(path)")
        }
        #expect(kept.compactText == #"{"datas":{"statuses":[{"id":3,"user":{"id":9}},{"id":2},{"id":1}],"max_id":1}}"#)
        #expect(PagingCheck.ids(in: kept, at: paths[0]) == numbers(3, 2, 1))
    }

    @Test func anIndexKeepsItsPlaceAndNothingReachedIsNil() throws {
        let kept = try #require(Self.document.keeping([JSONPath(parsing: "$.datas.big.k2[2]")!]))
        #expect(kept.compactText == #"{"datas":{"big":{"k2":[null,null,3]}}}"#)
        #expect(Self.document.keeping([]) == nil)
        #expect(Self.document.keeping([JSONPath(parsing: "$.nowhere")!]) == nil)
        #expect(Self.document.keeping([.root]) == Self.document)
    }
}
