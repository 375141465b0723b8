@testable import APICheck
import Foundation
import Testing

/// Paths that are a bare placeholder holding an object's whole address (`{repository_href}`,
/// `{repository_href}sync/`, as drf-spectacular writes them): declared under the collection that
/// lists those objects, their parameter holding the address; as written where none is found.
@Suite struct AddressPathImportTests {
    static let schemas = """
        "Repository": {"type": "object", "required": ["name"], "properties": {"pulp_href": {"type": "string", "readOnly": true}, "name": {"type": "string"}}},
        "RepositoryList": {"type": "object", "properties": {"count": {"type": "integer"}, "results": {"type": "array", "items": {"$ref": "#/components/schemas/Repository"}}}},
        "Task": {"type": "object", "properties": {"state": {"type": "string"}}},
        "Widget": {"type": "object", "properties": {"size": {"type": "integer"}}},
        "Gadget": {"type": "object", "properties": {"kind": {"type": "string"}}},
        "Role": {"type": "object", "properties": {"name": {"type": "string"}}},
        "GroupRole": {"type": "object", "properties": {"role": {"type": "string"}}},
        "Upload": {"type": "object", "properties": {"size": {"type": "integer"}}},
        "UploadDetail": {"type": "object", "properties": {"size": {"type": "integer"}, "chunks": {"type": "array", "items": {"type": "string"}}}}
        """

    static func parameter(_ name: String) -> String {
        #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}"#
    }

    static func answer(_ schema: String, _ status: Int = 200) -> String {
        ##"{"\##(status)": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\##(schema)"}}}}}"##
    }

    static let paths = """
        "/api/repositories/": {
          "get": {"operationId": "repositories_list", "tags": ["repositories"], "responses": \(answer("RepositoryList"))}},
        "{repository_href}": {"parameters": [\(parameter("repository_href"))],
          "get": {"operationId": "repositories_read", "tags": ["repositories"], "responses": \(answer("Repository"))},
          "put": {"operationId": "repositories_update", "tags": ["repositories"], "responses": \(answer("Repository")),
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Repository"}}}}},
          "delete": {"operationId": "repositories_delete", "tags": ["repositories"], "responses": {"204": {"description": "gone"}}}},
        "{repository_href}sync/": {"parameters": [\(parameter("repository_href"))],
          "post": {"operationId": "repositories_sync", "tags": ["repositories"], "responses": \(answer("Task", 202))}},
        "/api/tasks/": {"get": {"operationId": "tasks_list", "tags": ["tasks"],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Task"}}}}}}}},
        "{task_href}": {"parameters": [\(parameter("task_href"))],
          "get": {"operationId": "tasks_read", "tags": ["tasks"], "responses": \(answer("Task"))}},
        "{widget_href}": {"parameters": [\(parameter("widget_href"))],
          "get": {"operationId": "widgets_read", "tags": ["widgets"], "responses": \(answer("Widget"))}},
        "{gadget_href}": {"parameters": [\(parameter("gadget_href"))],
          "get": {"operationId": "gadgets_read", "tags": ["widgets"], "responses": \(answer("Gadget"))},
          "put": {"operationId": "gadgets_update", "tags": ["widgets"], "responses": \(answer("Gadget"))}},
        "{groups_group_role_href}": {"parameters": [\(parameter("groups_group_role_href"))],
          "get": {"operationId": "groups_roles_read", "tags": ["roles"], "responses": \(answer("GroupRole"))}},
        "/api/roles/": {"get": {"operationId": "roles_list", "tags": ["roles"],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Role"}}}}}}}},
        "{role_href}": {"parameters": [\(parameter("role_href"))],
          "get": {"operationId": "roles_read", "tags": ["roles"], "responses": \(answer("Role"))}},
        "/api/uploads/": {"get": {"operationId": "uploads_list", "tags": ["uploads"],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Upload"}}}}}}}},
        "{upload_href}": {"parameters": [\(parameter("upload_href"))],
          "get": {"operationId": "uploads_read", "tags": ["uploads"], "responses": \(answer("UploadDetail"))}}
        """

    @Test func eachIsDeclaredUnderTheCollectionThatListsItsObjects() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let repositories = fixture.group("RepositoriesEndpoints")
        #expect(repositories.contains(#"id: "repositories_read", .get, "api/repositories/{repository_href}/","#), "\(repositories)")
        #expect(repositories.contains(#"id: "repositories_sync", .post, "api/repositories/{repository_href}/sync/","#))
        #expect(
            repositories.contains(
                #".path("repository_href", .string, sample: .environment("SHOP_REPOSITORY_HREF", fallback: nil)).holdingAddress()"#))
        // A write to an address updates what is there: it follows the read, and creates nothing.
        #expect(repositories.contains(#".optional()).ordered(after: "repositories_read")"#), "\(repositories)")
        #expect(fixture.group("TasksEndpoints").contains(#"id: "tasks_read", .get, "api/tasks/{task_href}/","#))
        // Where no list has the object's schema, the one whose path names each of its words.
        #expect(fixture.group("UploadsEndpoints").contains(#"id: "uploads_read", .get, "api/uploads/{upload_href}/","#))
        // Another object's list that names one of its words only is none of its collection.
        let roles = fixture.group("RolesEndpoints")
        #expect(roles.contains(#"id: "roles_read", .get, "api/roles/{role_href}/","#), "\(roles)")
        #expect(roles.contains(#"id: "groups_roles_read", .get, "{groups_group_role_href}","#))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/{repository_href}: {repository_href} holds an object's whole address (an href its answers give): "
                    + "its paths are declared under the collection GET /api/repositories/, api/repositories/{repository_href}/; "
                    + "live sends the address its variable holds as it is, serve and proxy route the collection's object URLs to them"),
            "\(fixture.notes)")
        #expect(fixture.notes.contains { $0.contains("live reads it from $SHOP_REPOSITORY_HREF, the object's whole address") })
    }

    @Test func withoutACollectionTheyAreDeclaredAsWrittenAndApart() throws {
        let fixture = try ImportFixture(schemas: Self.schemas, paths: Self.paths)
        let widgets = fixture.group("WidgetsEndpoints")
        #expect(widgets.contains(#"id: "widgets_read", .get, "{widget_href}","#), "\(widgets)")
        #expect(widgets.contains(#"id: "gadgets_read", .get, "{gadget_href}","#))
        // Another object's read is none of its order: only its own read comes first.
        #expect(widgets.contains(#"mock: "gadgets_update").ordered(after: "gadgets_read")"#), "\(widgets)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/{widget_href}: {widget_href} holds an object's whole address, and no one list of the document "
                    + "has items of its schema: its paths are declared as written; live sends the address its variable holds, "
                    + "serve and proxy route no request to them"))
    }

    @Test func checkingTheSameDocumentFindsNoChange() throws {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"}, "paths": {\(Self.paths)},
             "components": {"schemas": {\(Self.schemas)}}}
            """
        let document = try OpenAPIImport.parse(Data(text.utf8))
        #expect(OpenAPIComparison(old: document, new: document).changes().map(\.description) == [])
    }
}
