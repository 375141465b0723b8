@testable import APICheck
import Foundation
import Testing

/// `import-openapi --check` on operations the import leaves out (a success answer that is not
/// JSON, or whose reference leads nowhere): none of the package's, so their edits are no change
/// of the client; an operation that becomes declarable, or stops being so, is one.
@Suite struct OpenAPIComparisonDeclaringTests {
    static let base = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {
          "/pets": {"get": {"operationId": "listPets",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}},
          "/health": {"get": {"operationId": "healthcheck",
             "responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
          "/report": {"get": {"operationId": "report",
             "responses": {"200": {"$ref": "other.yaml#/report"}}}}}}
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

    @Test func theImportLeavesBothOperationsOut() throws {
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(Self.base.utf8)))
        let group = ImportFixture(result: result).group("DefaultEndpoints")
        #expect(group.contains(#"id: "listPets""#), "\(group)")
        #expect(!group.contains(#"id: "healthcheck""#) && !group.contains(#"id: "report""#), "\(group)")
    }

    @Test(arguments: [
        ("renamed", [(#""healthcheck""#, #""health""#), (#""report""#, #""makeReport""#)]),
        ("removed", [(#""/health": {"get""#, #""/health": {"x-gone""#), (#""/report": {"get""#, #""/report": {"x-gone""#)]),
        (
            "given a required parameter",
            [
                (
                    #""operationId": "healthcheck","#,
                    #""operationId": "healthcheck", "parameters": [{"name": "deep", "in": "query", "required": true, "schema": {"type": "string"}}],"#
                )
            ]
        ),
    ])
    func anOperationTheImportLeftOutIsNoChangeOfTheClient(label: String, edits: [(String, String)]) throws {
        #expect(try Self.changes(edits) == [])
    }

    @Test func anOperationAddedThatTheImportLeavesOutIsNoChange() throws {
        let found = try Self.changes([
            (
                #""/report":"#,
                #""/metrics": {"get": {"responses": {"200": {"description": "ok", "content": {"text/plain": {}}}}}}, "/report":"#
            )
        ])
        #expect(found == [])
    }

    @Test func anOperationThatStopsBeingDeclarableIsBreaking() throws {
        #expect(
            try Self.changes([(#""application/json": {"schema": {"type": "array""#, #""text/csv": {"schema": {"type": "array""#)]) == [
                "breaking content-changed GET /pets response 200: now text/csv, not JSON: the client does not read it, and re-importing leaves the operation out"
            ])
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
            try Self.changes([(#""text/plain": {"schema": {"type": "string"}}"#, #""application/json": {"schema": {"type": "string"}}"#)])
                == [
                    "compatible operation-added GET /health response 200: its answer is now one the client reads (it was text/plain, not JSON, so the package does not declare the operation): re-importing declares it"
                ])
    }
}
