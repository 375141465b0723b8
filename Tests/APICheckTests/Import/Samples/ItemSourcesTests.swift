@testable import APICheck
import Testing

/// An imported read of one object reads its variable, else the first item its collection's list
/// answers; writes keep the variable alone, and a list whose items name no such member gives
/// nothing.
@Suite struct ItemSourcesTests {
    static func parameter(_ name: String) -> String {
        #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}"#
    }

    static func answer(_ schema: String) -> String {
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": \#(schema)}}}}"#
    }

    @Test func anObjectReadTakesTheFirstIdOfItsListWhileItsVariableIsUnset() throws {
        let page =
            ##"{"type": "object", "properties": {"count": {"type": "integer"}, "results": {"type": "array", "items": {"$ref": "#/components/schemas/Device"}}}}"##
        let fixture = try ImportFixture(
            schemas:
                #""Device": {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "name": {"type": "string"}}}"#,
            paths: """
                "/dcim/devices/": {"get": {"operationId": "devices_list", "tags": ["dcim"], "responses": \(Self.answer(page))}},
                "/dcim/devices/{id}/": {"parameters": [\(Self.parameter("id"))],
                  "get": {"operationId": "devices_retrieve", "tags": ["dcim"], "responses": \(Self.answer(##"{"$ref": "#/components/schemas/Device"}"##))},
                  "delete": {"operationId": "devices_destroy", "tags": ["dcim"], "responses": {"204": {"description": "gone"}}}},
                "/dcim/devices/{id}/query": {"parameters": [\(Self.parameter("id"))],
                  "post": {"operationId": "devices_query", "tags": ["dcim"], "responses": \(Self.answer(#"{"type": "object"}"#))}},
                "/dcim/devices/{id}/parts/": {"parameters": [\(Self.parameter("id"))],
                  "get": {"operationId": "parts_list", "tags": ["dcim"], "responses": \(Self.answer(#"{"type": "array", "items": {"type": "object", "properties": {"part_id": {"type": "integer"}}}}"#))}},
                "/dcim/devices/{id}/parts/{partId}": {"parameters": [\(Self.parameter("id")), \(Self.parameter("partId"))],
                  "get": {"operationId": "parts_retrieve", "tags": ["dcim"], "responses": \(Self.answer(#"{"type": "object"}"#))}},
                "/dcim/racks/{rack}": {"parameters": [\(Self.parameter("rack"))],
                  "get": {"operationId": "racks_retrieve", "tags": ["dcim"], "responses": \(Self.answer(#"{"type": "object"}"#))}},
                "/dcim/racks": {"get": {"operationId": "racks_list", "tags": ["dcim"], "responses": \(Self.answer(#"{"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}"#))}}
                """)
        let group = fixture.group("DcimEndpoints")
        let read =
            #".path("id", .string, sample: .environmentOr("SHOP_DEVICE_ID", otherwise: .seen(endpoint: "devices_list", path: "$.results[0].id", fallback: nil)))"#
        // The object reads, the POST taken for a read (a query of the device) among them.
        #expect(group.components(separatedBy: read).count == 5, "\(group)")
        // The deletion keeps the variable alone: a list's first device is nobody's choice to delete.
        #expect(group.contains(#"sample: .environment("SHOP_DEVICE_ID", fallback: nil))"#), "\(group)")
        // A nested read: its list's own placeholder read the same way, its item's `part_id` its name's.
        #expect(
            group.contains(
                #"sample: .environmentOr("SHOP_PART_ID", otherwise: .seen(endpoint: "parts_list", path: "$[0].part_id", fallback: nil))"#),
            "\(group)")
        // `rack` names no member of the racks' items: no list gives it.
        #expect(group.contains(#".path("rack", .string, sample: .environment("#), "\(group)")
        let note = fixture.result.notes.first { $0.message.contains("$SHOP_DEVICE_ID") }?.message ?? ""
        #expect(note.contains("reads the first item of devices_list"), "\(note)")
    }

    /// Pulp's objects: the read's address is its collection's first item's own `pulp_href` (the
    /// first of its links); a version's path, put under `repository_versions/` (versions of every
    /// kind), reads the list its words name, the repository's own versions.
    @Test func anAddressReadTakesTheHrefOfItsCollectionsFirstItem() throws {
        func list(_ schema: String) -> String {
            ##"{"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/"##
                + schema + #""}}}}"#
        }
        func object(_ schema: String) -> String { ##"{"$ref": "#/components/schemas/"## + schema + #""}"# }
        let href = #"{"type": "string", "readOnly": true}"#
        let fixture = try ImportFixture(
            schemas: """
                "FileRepository": {"type": "object", "properties": {"pulp_href": \(href), "versions_href": \(href), "name": {"type": "string"}}},
                "RepositoryVersion": {"type": "object", "properties": {"pulp_href": \(href), "number": {"type": "integer"}}}
                """,
            paths: """
                "/pulp/api/v3/repositories/file/file/": {"get": {"operationId": "repositories_file_file_list", "tags": ["repositories"],
                  "responses": \(Self.answer(list("FileRepository")))}},
                "{file_file_repository_href}": {"parameters": [\(Self.parameter("file_file_repository_href"))],
                  "get": {"operationId": "repositories_file_file_read", "tags": ["repositories"], "responses": \(Self.answer(object("FileRepository")))}},
                "{file_file_repository_href}versions/": {"parameters": [\(Self.parameter("file_file_repository_href"))],
                  "get": {"operationId": "repositories_file_file_versions_list", "tags": ["repositories"],
                    "responses": \(Self.answer(list("RepositoryVersion")))}},
                "/pulp/api/v3/repository_versions/": {"get": {"operationId": "repository_versions_list", "tags": ["repositories"],
                  "responses": \(Self.answer(list("RepositoryVersion")))}},
                "{file_file_repository_version_href}": {"parameters": [\(Self.parameter("file_file_repository_version_href"))],
                  "get": {"operationId": "repositories_file_file_versions_read", "tags": ["repositories"],
                    "responses": \(Self.answer(object("RepositoryVersion")))}}
                """)
        let group = fixture.group("RepositoriesEndpoints")
        let repository =
            #"otherwise: .seen(endpoint: "repositories_file_file_list", path: "$.results[0].pulp_href", fallback: nil))).holdingAddress()"#
        #expect(group.components(separatedBy: repository).count == 3, "\(group)")
        #expect(group.contains(#"repository_versions/{file_file_repository_version_href}"#), "\(group)")
        #expect(
            group.contains(
                #"otherwise: .seen(endpoint: "repositories_file_file_versions_list", path: "$.results[0].pulp_href", fallback: nil))).holdingAddress()"#
            ),
            "\(group)")
    }

    @Test func anAddressListIsTheOneItsPathNames() {
        #expect(ItemSources.names("pulp/api/v3/access_policies/", "access_policy_href"))
        #expect(ItemSources.names("pulp/api/v3/repositories/file/file/", "file_file_repository_href"))
        #expect(!ItemSources.names("pulp/api/v3/repository_versions/", "file_file_repository_version_href"))
        #expect(ItemSources.names("pulp/api/v3/repositories/file/file/{x}/versions/", "file_file_repository_version_href"))
    }
}
