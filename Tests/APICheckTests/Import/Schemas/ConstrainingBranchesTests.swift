@testable import APICheck
import Foundation
import Testing

/// `oneOf` branches that only constrain the schema's own shape choose no shape: the OGC `bbox`
/// (`type: array, items: number`, four or six of them) is `[Double]`, not a union of two
/// `JSONValue` cases that take anything; an object whose `oneOf` says which members are required
/// keeps its members. Branches that choose shapes stay a union.
@Suite struct ConstrainingBranchesTests {
    @Test func branchesThatOnlyConstrainAreNoUnion() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Extent": {"type": "object", "properties": {"bbox": {"type": "array", "items":
                  {"type": "array", "items": {"type": "number"}, "oneOf": [{"minItems": 4, "maxItems": 4}, {"minItems": 6, "maxItems": 6}]}}}},
                "Contact": {"type": "object", "properties": {"email": {"type": "string"}, "phone": {"type": "string"}},
                  "oneOf": [{"required": ["email"]}, {"required": ["phone"]}]},
                "Shape": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
                """)
        let extent = fixture.type("Extent")
        #expect(extent.contains("bbox: [[Double]]?"), "\(extent)")
        #expect(!fixture.result.files.contains { $0.path.contains("BboxItem") }, "\(fixture.result.files.map(\.path))")
        let contact = fixture.type("Contact")
        #expect(contact.contains("email: String?") && contact.contains("phone: String?"), "\(contact)")
        #expect(fixture.type("Shape").contains("enum Shape"), "\(fixture.type("Shape"))")
    }

    @Test(arguments: [
        (#"{"type": "array", "oneOf": [{"minItems": 4}, {"maxItems": 6}]}"#, nil),
        (#"{"oneOf": [{"required": ["a"]}, {"type": "string"}]}"#, "oneOf"),
        (##"{"anyOf": [{"$ref": "#/x"}, {"minLength": 2}]}"##, "anyOf"),
        (#"{"oneOf": [{"minimum": 1}], "anyOf": [{"type": "string"}, {"type": "null"}]}"#, "anyOf"),
    ])
    func aUnionIsOneWhoseBranchesShape(schema: String, key: String?) throws {
        #expect(OpenAPISource.unionBranches(try JSONParser.parse(Data(schema.utf8)))?.key == key)
    }
}
