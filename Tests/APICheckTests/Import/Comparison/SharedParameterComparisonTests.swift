@testable import APICheck
import Foundation
import Testing

/// `import-openapi --check` on a parameter component that operations share, as JupyterHub's
/// `paginationLimit`: a change in it is listed once, under it, with how many operations use it;
/// what an operation declares itself is still compared under the operation.
@Suite struct SharedParameterComparisonTests {
    static let base = ##"""
        {"openapi": "3.0.3", "info": {"title": "Hub", "version": "1"},
         "paths": {
          "/users": {"get": {"operationId": "listUsers",
             "parameters": [{"$ref": "#/components/parameters/paginationLimit"}, {"name": "state", "in": "query", "schema": {"type": "string"}}],
             "responses": {"204": {"description": "ok"}}}},
          "/groups": {"get": {"operationId": "listGroups", "parameters": [{"$ref": "#/components/parameters/paginationLimit"}],
             "responses": {"204": {"description": "ok"}}}},
          "/proxy": {"get": {"operationId": "getProxy", "parameters": [{"$ref": "#/components/parameters/paginationLimit"}],
             "responses": {"204": {"description": "ok"}}}}},
         "components": {"parameters": {
          "paginationLimit": {"name": "limit", "in": "query", "required": false, "schema": {"type": "number"}}}}}
        """##

    static func changes(_ edits: [(String, String)]) throws -> [String] {
        var newer = base
        for (find, replace) in edits {
            let edited = newer.replacingOccurrences(of: find, with: replace)
            try #require(edited != newer, "the edit '\(find)' found nothing to change")
            newer = edited
        }
        return OpenAPIComparison(old: try OpenAPIImport.parse(Data(base.utf8)), new: try OpenAPIImport.parse(Data(newer.utf8)))
            .changes().map(\.description)
    }

    @Test func aChangeInASharedParameterIsListedOnceUnderIt() throws {
        let found = try Self.changes([
            (#""required": false, "schema": {"type": "number"}"#, #""required": true, "schema": {"type": "integer"}"#),
            (#""state", "in": "query", "schema": {"type": "string"}"#, #""state", "in": "query", "schema": {"type": "integer"}"#),
        ])
        #expect(
            found == [
                "breaking type-changed GET /users query parameter state: string became integer",
                "breaking made-required parameter paginationLimit query parameter limit of 3 operations: made required: the client may leave it out",
                "breaking type-changed parameter paginationLimit query parameter limit of 3 operations: number became integer: the client's Double may send a fraction",
            ], "\(found)")
    }

    /// An operation that stops using the component, or starts, changes on its own.
    @Test func anOperationThatStopsUsingTheComponentIsListedUnderItself() throws {
        let found = try Self.changes([
            (
                ##""operationId": "getProxy", "parameters": [{"$ref": "#/components/parameters/paginationLimit"}]"##,
                #""operationId": "getProxy", "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}]"#
            ),
            (#""schema": {"type": "number"}}}}}"#, #""schema": {"type": "string"}}}}}"#),
        ])
        #expect(
            found == [
                "breaking type-changed GET /proxy query parameter limit: number became integer: the client's Double may send a fraction",
                "breaking type-changed parameter paginationLimit query parameter limit of 2 operations: number became string",
            ], "\(found)")
    }
}
