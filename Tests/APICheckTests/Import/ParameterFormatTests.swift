@testable import APICheck
import Testing

/// An OpenAPI `format` a parameter's text must take (`uuid`) is declared (`formatted(.uuid)`) only
/// where every branch of its schema names it, and not for forms servers read loosely.
@Suite struct ParameterFormatTests {
    @Test func theImportDeclaresAFormEveryBranchNames() throws {
        let fixture = try ImportFixture(
            paths: """
                "/flows/{id}": {"get": {"operationId": "readFlow",
                  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}},
                                 {"name": "ids", "in": "query", "schema": {"type": "array", "items": {"type": "string", "format": "uuid"}}},
                                 {"name": "parent", "in": "query", "schema": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "null"}]}},
                                 {"name": "ref", "in": "query", "schema": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"}]}},
                                 {"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"fallback: nil)).formatted(.uuid)"#), "\(group)")
        #expect(group.contains(#".queryList("ids", .string, .repeated).formatted(.uuid),"#), "\(group)")
        #expect(group.contains(#".query("parent", .string).formatted(.uuid),"#), "\(group)")
        // A branch that takes any text leaves it open; a form servers read loosely is not declared.
        #expect(group.contains(#".query("ref", .string),"#), "\(group)")
        #expect(group.contains(#".query("since", .string),"#), "\(group)")
    }
}
