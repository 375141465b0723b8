import Foundation
import Testing
@testable import APICheck

/// A small object's members are found where the same field was in the last object of its array,
/// when the object repeats no key; these are the objects where that shortcut could take the
/// wrong member. The last of repeated keys wins, as everywhere else.
@Suite struct KeyedMemberLookupTests {
    struct Pair: Decodable, Equatable {
        let a: Int
        let b: Int?
    }

    static func decode(_ text: String) throws -> [Pair] {
        try JSONValueDecoder().decode([Pair].self, from: try JSONParser.parse(text)).value
    }

    @Test func membersInAnotherOrderThanTheLastObjectsAreFound() throws {
        let pairs = try Self.decode(#"[{"a": 1, "b": 2}, {"b": 3, "a": 4}, {"a": 5}, {"b": 6, "c": 0, "a": 7}]"#)
        #expect(pairs == [Pair(a: 1, b: 2), Pair(a: 4, b: 3), Pair(a: 5, b: nil), Pair(a: 7, b: 6)])
    }

    /// An object with a repeated key in the place of another key of the last object's order:
    /// as many keys, some the same, one repeated.
    @Test func aRepeatedKeyAfterObjectsWithoutOneTakesItsLastValue() throws {
        let pairs = try Self.decode(#"[{"a": 1, "b": 2}, {"a": 1, "b": 2}, {"a": 5, "a": 7}, {"a": 8, "b": 9, "a": 10}]"#)
        #expect(pairs == [Pair(a: 1, b: 2), Pair(a: 1, b: 2), Pair(a: 7, b: nil), Pair(a: 10, b: 9)])
    }

    /// The first object read at a node has a repeated key: nothing learnt yet to go by.
    @Test func aRepeatedKeyInTheFirstObjectTakesItsLastValue() throws {
        #expect(try Self.decode(#"[{"a": 5, "b": 6, "a": 7}]"#) == [Pair(a: 7, b: 6)])
    }

    /// The reads are the same whatever order the objects list their keys in.
    @Test func readsDoNotDependOnTheMembersOrder() throws {
        let ordered = try JSONValueDecoder().decode([Pair].self, from: try JSONParser.parse(#"[{"a": 1, "b": 2}, {"a": 3}]"#)).reads
        let mixed = try JSONValueDecoder().decode([Pair].self, from: try JSONParser.parse(#"[{"b": 2, "a": 1}, {"a": 3, "b": null}]"#))
            .reads
        #expect(ordered == mixed)
        #expect(ordered.map(\.path.description) == ["$", "$[*]", "$[*].a", "$[*].b"])
    }
}
