@testable import APICheck
import Foundation
import Testing

/// Chroma names a tenant `{tenant}` in most paths (`/tenants/{tenant}/databases`) and
/// `{tenant_name}` in `/tenants/{tenant_name}`: one resource, one variable, so that a run that
/// sets `$CHROMA_TENANT` reads that tenant too. A placeholder that is its resource's name beside
/// two identities, or beside one of another type, is another thing and keeps its own.
@Suite struct BareResourceNameTests {
    static func parameter(_ name: String, _ type: String = "string") -> String {
        #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "\#(type)", "title": "\#(name)"}}"#
    }

    static func operation(_ id: String, _ parameters: [String]) -> String {
        #"{"get": {"operationId": "\#(id)", "parameters": [\#(parameters.joined(separator: ", "))], "responses": {"204": {"description": "ok"}}}}"#
    }

    static func names(_ paths: [(path: String, parameters: [String])]) throws -> PathVariableNames {
        let items = paths.enumerated().map { index, item in
            let id = "op" + String(index)
            return "\"" + item.path + "\": " + operation(id, item.parameters)
        }
        let document = try OpenAPIImport.parse(Data(ImportFixture.text(paths: items.joined(separator: ",\n")).utf8))
        return PathVariableNames(source: OpenAPISource(root: document), prefix: "CHROMA")
    }

    @Test func aPlaceholderNamedAfterItsResourceReadsTheResourcesVariable() throws {
        let names = try Self.names([
            ("/api/v2/tenants/{tenant_name}", [Self.parameter("tenant_name")]),
            ("/api/v2/tenants/{tenant}/databases", [Self.parameter("tenant")]),
            ("/api/v2/tenants/{tenant}/databases/{database}", [Self.parameter("tenant"), Self.parameter("database")]),
        ])
        #expect(names.name(prefix: "CHROMA", parameter: "tenant_name", path: "/api/v2/tenants/{tenant_name}") == "CHROMA_TENANT")
        #expect(names.name(prefix: "CHROMA", parameter: "tenant", path: "/api/v2/tenants/{tenant}/databases") == "CHROMA_TENANT")
        #expect(
            names.name(prefix: "CHROMA", parameter: "database", path: "/api/v2/tenants/{tenant}/databases/{database}")
                == "CHROMA_DATABASE")
    }

    @Test func differentThingsKeepTheirOwnVariables() throws {
        let names = try Self.names([
            // Of another type: a tenant's number is not its name.
            ("/tenants/{tenant_id}", [Self.parameter("tenant_id", "integer")]),
            ("/tenants/{tenant}/databases", [Self.parameter("tenant")]),
            // Beside an id and a name, `{user}` could be either.
            ("/users/{user_id}", [Self.parameter("user_id")]),
            ("/users/{username}/keys", [Self.parameter("username")]),
            ("/users/{user}/teams", [Self.parameter("user")]),
        ])
        #expect(names.name(prefix: "CHROMA", parameter: "tenant_id", path: "/tenants/{tenant_id}") == "CHROMA_TENANT_ID")
        #expect(names.name(prefix: "CHROMA", parameter: "tenant", path: "/tenants/{tenant}/databases") == "CHROMA_TENANT")
        #expect(names.name(prefix: "CHROMA", parameter: "user_id", path: "/users/{user_id}") == "CHROMA_USER_ID")
        #expect(names.name(prefix: "CHROMA", parameter: "user", path: "/users/{user}/teams") == "CHROMA_USER")
    }
}
