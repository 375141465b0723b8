@testable import APICheck
import Foundation
import Testing

/// A creation whose path names what it makes (Jupyter's `PUT /api/contents/{path}`, answering
/// 201) and the writes after it send a name unique to the run: the variable the reads take names
/// the person's file, which a full run would otherwise replace, rename and delete.
@Suite struct NamedCreationsTests {
    static let ok = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#
    static let created = #"{"201": {"description": "created", "content": {"application/json": {"schema": {"type": "object"}}}}}"#

    /// Jupyter's answer to a file's creation: the file, its `path` the name the run gave it.
    static let file =
        #"{"201": {"description": "created", "content": {"application/json": {"schema": {"type": "object", "properties": {"path": {"type": "string"}, "size": {"type": "integer"}}}}}}}"#

    /// A checkpoint's creation answers its id, which its restore and deletion then name.
    static let checkpoint =
        #"{"201": {"description": "created", "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}"#
    static let checkpointID = #"{"name": "checkpoint_id", "in": "path", "required": true, "schema": {"type": "string"}}"#

    static func fixture(_ schema: String, answer: String = created) throws -> ImportFixture {
        let path = #"{"name": "path", "in": "path", "required": true, "schema": \#(schema)}"#
        return try ImportFixture(
            paths: """
                "/contents/{path}": {"parameters": [\(path)],
                  "get": {"operationId": "getContents", "tags": ["contents"], "responses": \(ok)},
                  "put": {"operationId": "putContents", "tags": ["contents"], "responses": \(answer)},
                  "patch": {"operationId": "renameContents", "tags": ["contents"], "responses": \(ok)},
                  "delete": {"operationId": "deleteContents", "tags": ["contents"], "responses": {"204": {"description": "gone"}}}},
                "/contents/{path}/checkpoints": {"parameters": [\(path)],
                  "get": {"operationId": "listCheckpoints", "tags": ["contents"], "responses": \(ok)},
                  "post": {"operationId": "createCheckpoint", "tags": ["contents"], "responses": \(checkpoint)}},
                "/contents/{path}/checkpoints/{checkpoint_id}": {"parameters": [\(path), \(checkpointID)],
                  "post": {"operationId": "restoreCheckpoint", "tags": ["contents"], "responses": {"204": {"description": "restored"}}},
                  "delete": {"operationId": "deleteCheckpoint", "tags": ["contents"], "responses": {"204": {"description": "gone"}}}}
                """)
    }

    /// The parameters of `id` in the group: its declaration up to its mock.
    static func parameter(_ id: String, in group: String) -> String {
        guard let start = group.range(of: "id: \"\(id)\""), let end = group[start.upperBound...].range(of: "mock:") else {
            return "(no \(id))"
        }
        return String(group[start.upperBound..<end.lowerBound])
    }

    @Test func theCreationAndTheWritesAfterItSendTheRunsOwnName() throws {
        let fixture = try Self.fixture(#"{"type": "string"}"#)
        let group = fixture.group("ContentsEndpoints")
        for write in ["putContents", "renameContents", "deleteContents", "createCheckpoint"] {
            #expect(
                Self.parameter(write, in: group).contains(#".path("path", .string, sample: .unique(prefix: "apicheck-"))"#),
                "\(write): \(group)")
        }
        // The reads keep the variable: it names what the person keeps, which they only read.
        for read in ["getContents", "listCheckpoints"] {
            #expect(Self.parameter(read, in: group).contains(#"sample: .environment("SHOP_CONTENT_PATH""#), "\(read): \(group)")
        }
        // Still ordered: the creation first, the deletion last.
        #expect(group.contains(#"mock: "renameContents").ordered(after: "getContents", "putContents")"#), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.contains(
                    "putContents creates what its path names: it and the writes after it (deleteContents, renameContents, "
                        + "createCheckpoint, restoreCheckpoint, deleteCheckpoint) send a name unique to the run (apicheck-<run id>), never the one $SHOP_CONTENT_PATH gives the reads"
                )
            }, "\(fixture.notes)")
        // A POST to a checkpoint restores what the checkpoints' POST made and named: no creation
        // the run names, whose made-up name would name no checkpoint.
        #expect(!Self.parameter("restoreCheckpoint", in: group).contains(#"checkpoint_id", .string, sample: .unique("#), "\(group)")
        #expect(!fixture.notes.contains { $0.contains("restoreCheckpoint creates what its path names") }, "\(fixture.notes)")
    }

    @Test func writesReadTheNameTheCreationAnswersAndWaitForItsSuccess() throws {
        let fixture = try Self.fixture(#"{"type": "string"}"#, answer: Self.file)
        let group = fixture.group("ContentsEndpoints")
        #expect(Self.parameter("putContents", in: group).contains(#"sample: .unique(prefix: "apicheck-"))"#), "\(group)")
        for write in ["renameContents", "deleteContents", "createCheckpoint"] {
            #expect(
                Self.parameter(write, in: group).contains(#"sample: .seen(endpoint: "putContents", path: "$.path", fallback: nil))"#),
                "\(write): \(group)")
        }
        #expect(Self.parameter("getContents", in: group).contains(#"sample: .environment("SHOP_CONTENT_PATH""#), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.hasSuffix("the writes read it from its answer ($.path), and are not sent when it does not succeed")
            },
            "\(fixture.notes)")
    }

    @Test func aNameTheRunsOwnDoesNotFitKeepsTheVariable() throws {
        for schema in [
            #"{"type": "string", "pattern": "^[a-z]+\\.ipynb$"}"#, #"{"type": "string", "maxLength": 12}"#,
            #"{"type": "string", "format": "uuid"}"#, #"{"type": "integer"}"#,
        ] {
            let group = try Self.fixture(schema).group("ContentsEndpoints")
            #expect(!group.contains(".unique("), "\(schema): \(group)")
            #expect(
                Self.parameter("deleteContents", in: group).contains(#"sample: .environment("SHOP_CONTENT_PATH""#), "\(schema): \(group)")
        }
    }
}
