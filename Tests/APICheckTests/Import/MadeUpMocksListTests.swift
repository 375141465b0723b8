@testable import APICheck
import Foundation
import Testing

/// The import lists the success mocks it made from a schema (no example in the document) in
/// `mocks/.made-up`, each with the digest of the text it wrote, so that drift against them is
/// known for a guess; a mock from the document's example is the document's word, not listed.
@Suite struct MadeUpMocksListTests {
    @Test func onlyTheMocksMadeFromASchemaAreListedWithTheirDigest() throws {
        let fixture = try ImportFixture(
            paths: """
                "/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}}}},
                "/b": {"get": {"operationId": "b", "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"type": "object"}, "example": {"id": 2}}}}}}}
                """)
        let listing = try #require(fixture.file("mocks/.made-up"))
        let lines = listing.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let written = try #require(fixture.file("mocks/a.json"))
        #expect(lines == ["a.json\t\(MadeUpMocks.digest(Data(written.utf8)))"])
    }
}
