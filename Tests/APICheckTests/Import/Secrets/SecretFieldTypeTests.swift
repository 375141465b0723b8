import APICheck
import Foundation
import Testing

/// A name makes a secret field only where it may hold a string: LiteLLM's SCIM configuration
/// has `changePassword`, a reference to `SCIMFeature` (`{"supported": false}`), which its name
/// alone made a secret, with a note asking to take it out; and a password typed
/// `["null", "string"]` is as much a string as one typed `["string", "null"]`.
@Suite struct SecretFieldTypeTests {
    static let schemas = ##"""
        "SCIMFeature": {"type": "object", "properties": {"supported": {"type": "boolean"}}},
        "Secret": {"type": "string", "format": "byte"},
        "Config": {"type": "object", "properties": {
          "changePassword": {"$ref": "#/components/schemas/SCIMFeature", "default": {"supported": false}},
          "client_secret": {"$ref": "#/components/schemas/Secret"},
          "valkey_password": {"type": ["null", "string"]},
          "api_key": {"type": ["string", "null"]}}}
        """##

    static let paths = ##"""
        "/config": {"get": {"operationId": "config", "responses": {"200": {"description": "ok",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Config"}}}}}}}
        """##

    @Test func aReferenceToAnObjectIsNoSecretAndNullBeforeStringIsOne() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let declared = #"secretFields: ["api_key", "client_secret", "valkey_password"],"#
        #expect(fixture.declaration.contains(declared), "\(fixture.declaration)")
        #expect(!fixture.notes.contains { $0.contains("changePassword") }, "\(fixture.notes)")
    }
}
