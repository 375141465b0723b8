@testable import APICheck
import Testing

/// The import declares `actingOnExisting()` each write to an object the run does not create, one
/// a variable names (Aim's `PUT` and `DELETE /runs/{run_id}`, beside no `POST /runs`), and tells
/// an updating `PUT` from a creating one: only a 201 (or an id the run makes up) creates. Writes
/// to what the run made, and the creations themselves, stay as they were.
@Suite struct ExistingObjectWritesTests {
    static func parameter(_ name: String) -> String {
        #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}"#
    }

    static func answer(_ status: Int = 200) -> String {
        #"{"\#(status)": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}"#
    }

    static let body = #"{"content": {"application/json": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}"#

    static let fixture = Result {
        try ImportFixture(
            paths: """
                "/runs/{run_id}": {"parameters": [\(parameter("run_id"))],
                  "get": {"operationId": "get_run", "tags": ["runs"], "responses": \(answer())},
                  "put": {"operationId": "update_run", "tags": ["runs"], "requestBody": \(body), "responses": \(answer())},
                  "delete": {"operationId": "delete_run", "tags": ["runs"], "responses": \(answer())}},
                "/runs/{run_id}/tags/new": {"parameters": [\(parameter("run_id"))],
                  "post": {"operationId": "add_run_tag", "tags": ["runs"], "requestBody": \(body), "responses": \(answer())}},
                "/things": {"post": {"operationId": "create_thing", "tags": ["things"], "requestBody": \(body), "responses": \(answer(201))}},
                "/things/{thing_id}": {"parameters": [\(parameter("thing_id"))],
                  "get": {"operationId": "get_thing", "tags": ["things"], "responses": \(answer())},
                  "patch": {"operationId": "update_thing", "tags": ["things"], "requestBody": \(body), "responses": \(answer())},
                  "delete": {"operationId": "delete_thing", "tags": ["things"], "responses": \(answer())}},
                "/spaces/{space}": {"parameters": [\(parameter("space"))],
                  "get": {"operationId": "get_space", "tags": ["spaces"], "responses": \(answer())},
                  "put": {"operationId": "create_space", "tags": ["spaces"], "requestBody": \(body), "responses": \(answer(201))},
                  "delete": {"operationId": "delete_space", "tags": ["spaces"], "responses": \(answer())}}
                """)
    }

    /// The declaration of `id` in its group, up to the next one.
    static func declaration(_ id: String, in group: String) throws -> String {
        let text = try fixture.get().group(group)
        let start = try #require(text.range(of: "id: \"\(id)\""))
        let rest = text[start.lowerBound...]
        return String(rest[..<(rest.range(of: "public let")?.lowerBound ?? rest.endIndex)])
    }

    @Test func aWriteToWhatAVariableNamesIsDeclaredActingOnExisting() throws {
        for id in ["update_run", "delete_run", "add_run_tag"] {
            #expect(try Self.declaration(id, in: "RunsEndpoints").contains(".actingOnExisting()"), "\(id)")
        }
        #expect(try !Self.declaration("get_run", in: "RunsEndpoints").contains(".actingOnExisting()"))
        // A PUT answering 200 beside no POST updates: it follows the read of its path.
        #expect(try Self.declaration("update_run", in: "RunsEndpoints").contains(#".ordered(after: "get_run")"#))
        #expect(try !Self.declaration("get_run", in: "RunsEndpoints").contains("update_run"))
        let note = try Self.fixture.get().notes.first { $0.contains("$SHOP_RUN_ID") } ?? ""
        #expect(
            note.hasSuffix(
                "; update_run, delete_run, add_run_tag write to what it names, which the run does not create: declared "
                    + "actingOnExisting(), so a full live sends them only when --only names them by id"), "\(note)")
    }

    @Test func writesToWhatTheRunCreatesAreNot() throws {
        for id in ["create_thing", "update_thing", "delete_thing"] {
            #expect(try !Self.declaration(id, in: "ThingsEndpoints").contains(".actingOnExisting()"), "\(id)")
        }
        // A PUT answering 201 creates what its variable names; the deletion acts on what it made.
        for id in ["create_space", "delete_space"] {
            #expect(try !Self.declaration(id, in: "SpacesEndpoints").contains(".actingOnExisting()"), "\(id)")
        }
        #expect(try Self.declaration("get_space", in: "SpacesEndpoints").contains(#".ordered(after: "create_space")"#))
    }
}
