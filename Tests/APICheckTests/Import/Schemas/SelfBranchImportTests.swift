@testable import APICheck
import Foundation
import Testing

/// A union one of whose branches is the schema itself (Pydantic's `IRI: anyOf: [string, $ref
/// IRI]`) is declared without that branch: it adds no value, and the decode would try itself
/// for ever on a value no other branch takes.
@Suite struct SelfBranchImportTests {
    @Test func aBranchThatIsTheSchemaItselfIsLeftOut() throws {
        let fixture = try ImportFixture(
            schemas: """
                "IRI": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/IRI"}]},
                "Account": {"type": "object", "properties": {"homePage": {"$ref": "#/components/schemas/IRI"}}}
                """)
        let iri = fixture.type("IRI")
        #expect(!iri.contains("case iri"), "\(iri)")
        #expect(iri.contains("String"), "\(iri)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/schemas/IRI/anyOf/1: a branch that is the schema itself adds no value: left out"),
            "\(fixture.notes)")
    }

    /// Keywords beside a reference (3.1 allows them: Ralph's answer is `$ref` beside an `anyOf`
    /// of other shapes) are said, not dropped in silence: the decode of those shapes fails.
    @Test func shapesBesideAReferenceAreSaid() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Report": {"type": "object", "properties": {"count": {"type": "integer"}}},
                "Holder": {"type": "object", "properties": {"answer":
                  {"$ref": "#/components/schemas/Report", "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}}}
                """)
        #expect(
            fixture.notes.contains(
                "not mapped: #/components/schemas/Holder/properties/answer: 'anyOf' beside '$ref' is not declared: the type is the reference's alone"
            ),
            "\(fixture.notes)")
    }
}
