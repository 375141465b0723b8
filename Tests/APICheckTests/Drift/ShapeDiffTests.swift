import APICheck
import Testing

@Suite struct ShapeDiffTests {
    func changes(_ mock: String, _ live: String) throws -> [String] {
        let expected = Shape(of: try JSONParser.parse(mock)), found = Shape(of: try JSONParser.parse(live))
        return ShapeDiff.changes(expected: expected, found: found).map(\.description)
    }

    @Test func identicalShapesHaveNoChanges() throws {
        #expect(try changes(#"{"a": 1, "b": "x"}"#, #"{"b": "y", "a": 2.5}"#) == [])
    }

    @Test func added() throws {
        #expect(try changes(#"{"a": 1}"#, #"{"a": 1, "b": "x"}"#) == ["added $.b: expected absent, found String"])
    }

    @Test func removed() throws {
        #expect(try changes(#"{"a": 1, "b": "x"}"#, #"{"a": 1}"#) == ["removed $.b: expected String, found absent"])
    }

    @Test func typeChanged() throws {
        #expect(try changes(#"{"a": 1}"#, #"{"a": "1"}"#) == ["typeChanged $.a: expected Number, found String"])
    }

    @Test func nullVersusValue() throws {
        #expect(try changes(#"{"a": "x"}"#, #"{"a": null}"#) == ["becameNull $.a: expected String, found null"])
        // A value where the mock had null says nothing new about the type.
        #expect(try changes(#"{"a": null}"#, #"{"a": "x"}"#) == [])
    }

    @Test func arrayElementsMergeAndCompare() throws {
        let mock = #"{"list": [{"id": 1, "pics": [{"u": "x"}]}, {"id": 2, "pics": []}]}"#
        let live = #"{"list": [{"id": 1, "pics": [], "extra": true}, {"id": "2", "pics": []}]}"#
        #expect(
            try changes(mock, live) == [
                "typeChanged $.list[*].id: expected Number, found String|Number",
                "added $.list[*].extra: expected absent, found Bool",
            ])
    }

    @Test func fieldMissingFromSomeElements() throws {
        let mock = #"[{"a": 1, "b": 2}, {"a": 3, "b": 4}]"#
        let live = #"[{"a": 1, "b": 2}, {"a": 3}]"#
        let found = try changes(mock, live)
        #expect(found == ["removed $[*].b: expected Number, found absent in some objects"])
    }

    @Test func emptyArraysSayNothing() throws {
        #expect(try changes(#"{"l": [{"a": 1}]}"#, #"{"l": []}"#) == [])
    }

    @Test func mergingMarksSometimesAbsentFields() throws {
        let shape = Shape(of: try JSONParser.parse(#"[{"a": 1, "v": null}, {"v": {"m": "x"}}]"#))
        let element = try #require(shape.element)
        #expect(element.field("a")?.sometimesAbsent == true)
        #expect(element.field("v")?.shape.kindDescription == "Object|null")
    }
}
