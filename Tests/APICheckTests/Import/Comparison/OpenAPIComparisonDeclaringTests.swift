@testable import APICheck
import Foundation
import Testing

/// `import-openapi --check` on operations the import leaves out (a success answer whose
/// reference leads nowhere): none of the package's, so their edits are no change of the client;
/// an operation that becomes declarable, or stops being so, is one. An answer that is not JSON is
/// bytes (`BinaryBody`), declared, and compared by the media types the client asks for.
@Suite struct OpenAPIComparisonDeclaringTests {
    static let base = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {
          "/pets": {"get": {"operationId": "listPets",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}},
          "/health": {"get": {"operationId": "healthcheck",
             "responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
          "/report": {"get": {"operationId": "report",
             "responses": {"200": {"$ref": "other.yaml#/report"}}}},
          "/ping": {"get": {"operationId": "ping", "responses": {"200": {"description": "ok"}}}}}}
        """#

    static func changes(_ edits: [(String, String)]) throws -> [String] {
        var newer = base
        for (find, replace) in edits {
            let edited = newer.replacingOccurrences(of: find, with: replace)
            try #require(edited != newer, "the edit '\(find)' found nothing to change")
            newer = edited
        }
        let found = OpenAPIComparison(old: try OpenAPIImport.parse(Data(base.utf8)), new: try OpenAPIImport.parse(Data(newer.utf8)))
            .changes()
        return found.map(\.description)
    }

    @Test func theImportLeavesTheUnreachableAnswerOutAndDeclaresTheBytes() throws {
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(Self.base.utf8)))
        let group = ImportFixture(result: result).group("DefaultEndpoints")
        #expect(group.contains(#"id: "listPets""#), "\(group)")
        #expect(group.contains("public let healthcheck = Endpoint<BinaryBody>("), "\(group)")
        #expect(!group.contains(#"id: "report""#), "\(group)")
    }

    @Test(arguments: [
        ("renamed", [(#""report""#, #""makeReport""#)]),
        ("removed", [(#""/report": {"get""#, #""/report": {"x-gone""#)]),
        (
            "given a required parameter",
            [
                (
                    #""operationId": "report","#,
                    #""operationId": "report", "parameters": [{"name": "deep", "in": "query", "required": true, "schema": {"type": "string"}}],"#
                )
            ]
        ),
    ])
    func anOperationTheImportLeftOutIsNoChangeOfTheClient(label: String, edits: [(String, String)]) throws {
        #expect(try Self.changes(edits) == [])
    }

    @Test func anOperationAddedThatTheImportLeavesOutIsNoChange() throws {
        let found = try Self.changes([
            (#""/report":"#, #""/metrics": {"get": {"responses": {"200": {"$ref": "other.yaml#/metrics"}}}}, "/report":"#)
        ])
        #expect(found == [])
    }

    @Test func anOperationThatStopsBeingDeclarableIsBreaking() throws {
        #expect(
            try Self.changes([
                (
                    #""responses": {"200": {"description": "ok", "content": {"application/json""#,
                    #""responses": {"200": {"$ref": "other.yaml#/pets"}, "299": {"description": "ok", "content": {"application/json""#
                )
            ]) == [
                "breaking operation-removed GET /pets response 200: its answer's reference now leads nowhere the import reads: re-importing leaves the operation out, and the client's endpoint has no counterpart"
            ])
    }

    @Test func anOperationThatBecomesDeclarableIsAdded() throws {
        #expect(
            try Self.changes([
                (
                    #"{"$ref": "other.yaml#/report"}"#,
                    #"{"description": "ok", "content": {"application/json": {"schema": {"type": "string"}}}}"#
                )
            ]) == [
                "compatible operation-added GET /report response 200: its answer's reference now leads to an answer (it led nowhere the import reads, so the package does not declare the operation): re-importing declares it"
            ])
    }

    @Test func jsonThatBecomesBytesOrBytesThatBecomeJSONIsAContentChange() throws {
        #expect(
            try Self.changes([(#""application/json": {"schema": {"type": "array""#, #""text/csv": {"schema": {"type": "array""#)]) == [
                "breaking content-changed GET /pets response 200: no longer JSON: the client decodes a JSON answer"
            ])
        #expect(
            try Self.changes([(#""text/plain": {"schema": {"type": "string"}}"#, #""application/json": {"schema": {"type": "string"}}"#)])
                == ["compatible content-changed GET /health response 200: now JSON: the client takes it as bytes, unchecked"])
        // A read whose answer has no content is no bytes: the import declares it `JSONValue`,
        // which takes any JSON, as `apicheck openapi` writes it back.
        #expect(
            try Self.changes([(#""200": {"description": "ok"}}"#, #""200": {"description": "ok", "content": {"application/json": {}}}}"#)])
                == [])
    }

    @Test func bytesAreComparedByTheMediaTypesTheClientAsksFor() throws {
        #expect(
            try Self.changes([(#""text/plain": {"schema": {"type": "string"}}"#, #""text/csv": {"schema": {"type": "string"}}"#)]) == [
                "breaking content-changed GET /health response 200: bytes in text/plain became text/csv: the client asks for text/plain"
            ])
        #expect(
            try Self.changes([
                (
                    #""text/plain": {"schema": {"type": "string"}}"#,
                    #""text/csv": {}, "text/plain": {"schema": {"type": "string", "format": "binary"}}"#
                )
            ]) == [
                "compatible content-changed GET /health response 200: bytes in text/plain became text/csv, text/plain: the client asks for text/plain"
            ])
        // The same types, another schema or none: the client takes any bytes alike.
        #expect(try Self.changes([(#""text/plain": {"schema": {"type": "string"}}"#, #""text/plain": {}"#)]) == [])
    }
}
