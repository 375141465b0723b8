import APICheck
import Foundation
import Testing

/// A request body's string enum holds the client to the values it lists: `serve` refuses and
/// `proxy` finds any other (`"space": "euclid"` where `l2`, `ip`, `cosine` are listed), though
/// the same type keeps an unlisted value from a server's answer as `unknown`.
@Suite struct ListedBodyValuesTests {
    /// As `import-openapi` writes a string enum.
    enum Space: Codable, Sendable, Hashable, OpenAPISchemaProviding {
        case l2, cosine
        case unknown(String)

        init(rawValue: String) {
            switch rawValue {
            case "l2": self = .l2
            case "cosine": self = .cosine
            default: self = .unknown(rawValue)
            }
        }

        init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .l2: try container.encode("l2")
            case .cosine: try container.encode("cosine")
            case let .unknown(value): try container.encode(value)
            }
        }

        static var openAPISchema: JSONValue {
            .object([("type", .string("string")), ("enum", .array([.string("l2"), .string("cosine")]))])
        }
    }

    struct Configuration: Codable, Sendable {
        struct Index: Codable, Sendable { var space: Space? }
        var name: String
        var index: Index
        var spaces: [Space]?
    }

    static let body = RequestBody.json(Configuration.self)

    func check(_ text: String) throws -> DecodingFailure? {
        Self.body.check(try JSONParser.parse(Data(text.utf8)), dates: .deferredToDate)
    }

    @Test func anUnlistedValueIsFoundAtItsPath() throws {
        let failure = try #require(try check(#"{"name": "a", "index": {"space": "euclid"}}"#))
        #expect(failure.path == "$.index.space")
        #expect(failure.expected == #"one of "l2", "cosine""#)
        // Kinds only, never a body's value: a body may hold what no output should.
        #expect(failure.found == "a String not listed")
        let inList = try #require(try check(#"{"name": "a", "index": {}, "spaces": ["l2", "ip"]}"#))
        #expect(inList.path == "$.spaces[1]")
    }

    @Test func listedValuesNullAndAbsencePass() throws {
        #expect(try check(#"{"name": "a", "index": {"space": "cosine"}, "spaces": ["l2"]}"#) == nil)
        #expect(try check(#"{"name": "a", "index": {"space": null}}"#) == nil)
        #expect(try check(#"{"name": "a", "index": {}}"#) == nil)
    }

    /// An answer is read as the server may grow it: the same type keeps an unlisted value.
    @Test func anAnswerKeepsAnUnlistedValue() throws {
        let decoded = try JSONValueDecoder().decode(
            Configuration.self, from: JSONParser.parse(Data(#"{"name": "a", "index": {"space": "euclid"}}"#.utf8)))
        #expect(decoded.value.index.space == .unknown("euclid"))
    }
}
