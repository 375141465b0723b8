@testable import APICheck
import Foundation
import Testing

/// Several success answers of one operation: those of the same content are declared together.
@Suite struct AlsoSucceedingImportTests {
    /// A 201 of the same schema as the 200 (a PUT that replaces or makes) is a success the
    /// endpoint also declares, not a false `http-status` in `live` and `proxy`; a 202 of another
    /// schema is still listed as not declared.
    @Test func anotherSuccessOfTheSameContentIsDeclaredToo() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Item": {"type": "object", "properties": {"id": {"type": "integer"}}}
                """,
            paths: """
                "/a": {"put": {"operationId": "a", "responses": {
                    "200": {"description": "replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
                    "201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
                    "202": {"description": "later", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
                "/b": {"delete": {"operationId": "b", "responses": {"200": {"description": "gone"}, "204": {"description": "gone"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "a").alsoSucceeding(with: 201)"#), "\(group)")
        #expect(group.contains(#"mock: "b").alsoSucceeding(with: 204)"#), "\(group)")
        #expect(fixture.notes.contains("not mapped: #/paths/~1a/put/responses: answers 202 are not declared: only 200, 201 are"))
    }

    /// A documented redirect (Airflow's login, a 307 to its web page) is a success the endpoint
    /// also declares, so `live` takes it as the answer rather than judge the page it leads to; a
    /// 304 is no redirect and stays undeclared.
    @Test func aRedirectIsDeclaredAsASuccess() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Problem": {"type": "object", "properties": {"detail": {"type": "string"}}}
                """,
            paths: """
                "/login": {"get": {"operationId": "login", "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {}}}},
                    "307": {"description": "Temporary Redirect", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}},
                "/item": {"get": {"operationId": "item", "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {}}}},
                    "304": {"description": "Not Modified"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#"mock: "login").alsoSucceeding(with: 307)"#), "\(group)")
        #expect(!group.contains(#"mock: "item").alsoSucceeding"#), "\(group)")
        #expect(fixture.notes.contains("not mapped: #/paths/~1item/get/responses: answers 304 are not declared: only 200 is"))
    }
}
