import APICheck
import Foundation
import Testing

/// A type that asks `contains` about one key before it decodes the others: only the key it asked
/// about is optional in the exported schema, every key it then decodes outright stays required.
@Suite struct SchemaContainsTests {
    struct AsksFirst: Decodable {
        enum Key: String, CodingKey { case deleted, id, name }
        var id: Int
        var name: String
        var deleted: Bool

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            deleted = c.contains(.deleted) ? try c.decode(Bool.self, forKey: .deleted) : false
            id = try c.decode(Int.self, forKey: .id)
            name = try c.decode(String.self, forKey: .name)
        }
    }

    @Test func askingAboutOneKeyLeavesTheOthersRequired() throws {
        let recorder = SchemaRecorder(dates: .deferredToDate)
        _ = try recorder.schema(for: AsksFirst.self)
        let schema = try #require(recorder.components["AsksFirst"])
        guard case let .array(required)? = schema["required"] else {
            Issue.record("no required list: \(schema.compactText)")
            return
        }
        #expect(required.compactMap(\.stringValue).sorted() == ["id", "name"], "\(schema.compactText)")
    }
}
