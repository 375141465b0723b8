@testable import APICheck
import Foundation
import Testing

/// A `oneOf`/`anyOf` among an `allOf`'s parts: what the struct declares of its branches, and
/// what the made-up mock holds.
@Suite struct AllOfUnionTests {
    /// JupyterHub's `RequestIdentity`: `allOf` of a User-or-Service union and the request's own
    /// members. The struct holds every branch's members, optional (a member the branches type
    /// differently is any JSON); the made-up mock is the first branch's, named by the
    /// discriminator.
    @Test func aUnionInsideAnAllOfLendsItsBranchesMembersOptional() throws {
        let fixture = try ImportFixture(
            schemas: #"""
                "User": {"type": "object", "required": ["name", "admin"], "properties": {
                  "kind": {"type": "string"}, "name": {"type": "string"}, "admin": {"type": "boolean"}, "id": {"type": "integer"}}},
                "Service": {"type": "object", "required": ["name"], "properties": {
                  "kind": {"type": "string"}, "name": {"type": "string"}, "prefix": {"type": "string"}, "id": {"type": "string"}}},
                "Identity": {"allOf": [
                  {"type": "object", "oneOf": [{"$ref": "#/components/schemas/User"}, {"$ref": "#/components/schemas/Service"}],
                   "discriminator": {"propertyName": "kind", "mapping": {"user": "#/components/schemas/User",
                                                                         "service": "#/components/schemas/Service"}}},
                  {"type": "object", "required": ["scopes"], "properties": {"scopes": {"type": "array", "items": {"type": "string"}}}}]}
                """#,
            paths: #"""
                "/user": {"get": {"operationId": "me", "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Identity"}}}}}}}
                """#)
        let type = fixture.type("Identity")
        for member in ["kind: String?", "name: String?", "admin: Bool?", "prefix: String?", "id: JSONValue?", "scopes: [String]\n"] {
            #expect(type.contains("public var " + member), "\(member): \(type)")
        }
        #expect(
            fixture.notes.contains {
                $0.contains("Identity/allOf/0: an allOf member that is a oneOf: its branches' properties are declared")
            })
        let mock = try JSONParser.parse(Data((fixture.file("mocks/me.json") ?? "").utf8))
        #expect(mock["kind"] == .string("user") && mock["admin"] != nil && mock["prefix"] == nil && mock["scopes"] != nil, "\(mock)")
    }
}
