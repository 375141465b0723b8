@testable import APICheck
import Foundation
import Testing

/// A body made up from the schema sends nothing that names a real object or one an earlier run
/// left: its free text members are unique to the run (Aim refused a second run's tag `string`),
/// its ids and lists of ids the largest 32-bit integer (Superset's `owners: [1]` named the admin),
/// each where the schema allows it; a parameterless DELETE is declared `changingGlobalState()`,
/// and a DELETE's required parameter takes no guessed default or enum value.
@Suite struct MadeUpBodyValuesTests {
    static let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#

    static func fixture() throws -> ImportFixture {
        let tag = """
            {"type": "object", "properties": {
              "name": {"type": "string"}, "client_id": {"type": "string", "maxLength": 250},
              "kind": {"type": "string", "enum": ["a", "b"]}, "uuid": {"type": "string", "format": "uuid"},
              "made_on": {"type": "string", "format": "date-time"}, "code": {"type": "string", "maxLength": 8},
              "slug": {"type": "string", "pattern": "^[a-z]+$"}, "folder": {"type": "string", "format": "path"},
              "owners": {"type": "array", "items": {"type": "integer"}}, "datasource_id": {"type": "integer"},
              "theme_id": {"type": "integer", "maximum": 100},
              "group_id": {"type": "integer", "format": "int16"}, "user_id": {"type": "integer", "format": "int64"}, "cache_timeout": {"type": "integer"},
              "layer": {"type": "object", "properties": {"id": {"type": "integer"}, "label": {"type": "string"}}}}}
            """
        return try ImportFixture(
            paths: """
                "/tags": {"post": {"operationId": "createTag",
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(tag)}}},
                  "responses": \(ok)}, "delete": {"operationId": "clearTags", "responses": \(ok)}},
                "/labels": {"post": {"operationId": "createLabel",
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(tag), "example": {"name": "urgent", "owners": [1]}}}},
                  "responses": \(ok)},
                  "delete": {"operationId": "deleteLabels", "parameters": [
                    {"name": "state", "in": "query", "required": true, "schema": {"type": "string", "enum": ["done", "failed"]}},
                    {"name": "scope", "in": "query", "required": true, "schema": {"type": "string", "default": "all"}}],
                    "responses": \(ok)},
                  "get": {"operationId": "listLabels", "parameters": [
                    {"name": "scope", "in": "query", "required": true, "schema": {"type": "string", "default": "all"}}],
                    "responses": \(ok)}},
                "/labels/{id}": {"delete": {"operationId": "deleteLabel", "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}], "responses": \(ok)}}
                """)
    }

    @Test func aMadeUpBodysFreeTextIsTheRunsOwnAndItsIdsNameNothing() throws {
        let fixture = try Self.fixture()
        let group = fixture.group("DefaultEndpoints")
        let unique =
            #".input("name", .string, sample: .unique(prefix: "apicheck-")), "#
            + #".input("client_id", .string, sample: .unique(prefix: "apicheck-")), "#
            + #".input("folder", .string, sample: .unique(prefix: "apicheck-"))"#
        #expect(group.contains(##".utf8)), replacing: [\##(unique)]).madeUp()"##), "\(group)")
        // An enum's value, a format, a pattern or a short length keep the made-up value.
        for kept in ["kind", "uuid", "made_on", "code", "slug"] {
            #expect(!group.contains(#".input("\#(kept)""#), "\(kept): \(group)")
        }
        #expect(group.contains(#""owners":[2147483647]"#), "\(group)")
        #expect(group.contains(#""datasource_id":2147483647"#), "\(group)")
        #expect(group.contains(#""layer":{"id":2147483647"#), "\(group)")
        #expect(group.contains(#""theme_id":1,"#) && group.contains(#""cache_timeout":1,"#), "\(group)")
        // A narrow integer format keeps its made-up value; a wide one takes the unreached id.
        #expect(group.contains(#""group_id":1,"#) && group.contains(#""user_id":2147483647"#), "\(group)")
        // The document's own example is sent as it is.
        #expect(group.contains(##"Data(#"{"name":"urgent","owners":[1]}"#.utf8))))"##), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.contains("createTag's made-up body sends uuid (format uuid), code (maxLength 8), slug (a pattern) as made")
            }, "\(fixture.notes)")
    }

    @Test func aDeleteWithNothingToNameChangesGlobalStateAndOneThatNamesSomethingDoesNot() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        let clear = group.components(separatedBy: "public let").first { $0.contains(#"id: "clearTags""#) } ?? ""
        #expect(clear.contains(".changingGlobalState()"), "\(group)")
        for other in ["deleteLabels", "deleteLabel", "createTag"] {
            let declaration = group.components(separatedBy: "public let").first { $0.contains(#"id: "\#(other)""#) } ?? ""
            #expect(!declaration.contains(".changingGlobalState()"), "\(other): \(declaration)")
        }
    }

    @Test func aDeletesRequiredParameterReadsAVariableInsteadOfAGuess() throws {
        let group = try Self.fixture().group("DefaultEndpoints")
        let delete = group.components(separatedBy: "public let").first { $0.contains(#"id: "deleteLabels""#) } ?? ""
        #expect(delete.contains(#".query("state", .string, required: true, sample: .environment("SHOP_"#), "\(delete)")
        #expect(delete.contains(#".query("scope", .string, required: true, sample: .environment("SHOP_"#), "\(delete)")
        #expect(!delete.contains(#".literal("done")"#) && !delete.contains(#".literal("all")"#), "\(delete)")
        // A read still sends the default, which selects nothing to delete.
        let list = group.components(separatedBy: "public let").first { $0.contains(#"id: "listLabels""#) } ?? ""
        #expect(list.contains(#".query("scope", .string, required: true, sample: .literal("all"))"#), "\(list)")
    }

    /// A body member named as one of the operation's parameters keeps its made-up value: a body
    /// input cannot take a parameter's name, and Jupyter's `PUT /api/contents/{path}` sends a
    /// `path` in its body too (its package failed its own `mocks`).
    @Test func aMemberNamedAsAParameterIsNotTheRunsName() throws {
        let body = #"{"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/contents/{path}": {"put": {"operationId": "saveFile", "tags": ["f"], "parameters": [
                    {"name": "path", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "requestBody": {"required": true, "content": {"application/json": {"schema": \(body)}}},
                  "responses": \(Self.ok)}}
                """)
        let files = fixture.group("FEndpoints")
        #expect(files.contains(#"replacing: [.input("content", .string, sample: .unique(prefix: "apicheck-"))]"#), "\(files)")
        #expect(!files.contains(#".input("path""#), "\(files)")
    }
}
