import APICheck
import Foundation
import Testing

/// The diagnostic decoder must accept what `JSONDecoder` accepts, and say precisely what it does not.
@Suite struct JSONValueDecoderTypesTests {
    enum Kind: String, Codable, Equatable { case book, pen }

    struct Item: Codable, Equatable {
        var kind: Kind
        var link: URL
        var price: Decimal
        var blob: Data
        var created: Date
    }

    let text = #"{"kind": "pen", "link": "https://example.com/a?b=1", "price": 12.50, "blob": "aGk=", "created": "2026-11-01T10:00:00Z"}"#

    @Test func scalarTypesDecodeLikeJSONDecoder() throws {
        let decoded = try JSONValueDecoder(dates: .iso8601).decode(Item.self, from: try JSONParser.parse(text)).value
        let reference = JSONDecoder()
        reference.dateDecodingStrategy = .iso8601
        #expect(decoded == (try reference.decode(Item.self, from: Data(text.utf8))))
        #expect(decoded.blob == Data("hi".utf8))
        #expect(decoded.price == Decimal(string: "12.5"))
    }

    @Test func anEnumWithAnUnknownValueNamesItsPathOnce() throws {
        let bad = try JSONParser.parse(#"{"items": [{"kind": "lamp"}]}"#)
        struct Wrapper: Decodable { struct Entry: Decodable { var kind: Kind }; var items: [Entry] }
        do {
            _ = try JSONValueDecoder().decode(Wrapper.self, from: bad, at: JSONPath(parsing: "$.datas")!)
            Issue.record("decoded")
        } catch {
            #expect(error.path.description == "$.datas.items[0].kind")
            #expect(error.expected == "Kind")
            #expect(error.found == "String")
        }
    }

    @Test func aDateInTheWrongEncodingSaysWhichItExpects() throws {
        let document = try JSONParser.parse(text)
        do {
            _ = try JSONValueDecoder(dates: .secondsSince1970).decode(Item.self, from: document)
            Issue.record("decoded")
        } catch {
            #expect(error.description == "$.created: expected Date, found String (a Date arrives as Double (seconds since 1970))")
        }
    }

    @Test func dictionariesReadTheirKeysAsData() throws {
        let result = try JSONValueDecoder().decode(
            [String: Int].self, from: try JSONParser.parse(#"{"a": 1, "b": 2}"#),
            at: JSONPath(parsing: "$.datas")!)
        let reads = result.reads.map { "\($0.path) \($0.isMap)" }
        #expect(reads == ["$.datas true", "$.datas.* false"])
        // A key that comes and goes below a dictionary is not drift.
        let changes = ShapeDiff.changes(
            expected: Shape(of: try JSONParser.parse(#"{"datas": {"a": 1}}"#)),
            found: Shape(of: try JSONParser.parse(#"{"datas": {"b": 2}}"#)))
        #expect(changes.count == 2)
        #expect(Drift.findings(changes, reads: result.reads, endpoint: "e", decodeFailure: nil, mockFile: nil) == [])
    }
}
