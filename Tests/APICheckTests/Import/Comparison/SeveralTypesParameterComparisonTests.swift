@testable import APICheck
import Foundation
import Testing

/// FastAPI's filter parameters take a uuid, a string or a list of them (`anyOf` of the three and
/// `null`), which the import declares `String` (`is an object or of several types: declared
/// String`) and the package's own `apicheck openapi` writes back as `type: string`: `--check` of
/// ZenML's re-export listed 485 of them as `union became string`, breaking.
@Suite struct SeveralTypesParameterComparisonTests {
    static func document(id: String) -> String {
        #"""
        {"openapi": "3.1.0", "info": {"title": "Filters", "version": "1"},
         "paths": {"/api/v1/artifacts": {"get": {"operationId": "list_artifacts",
           "parameters": [
             {"name": "id", "in": "query", "required": false, "schema": \#(id)},
             {"name": "page", "in": "query", "required": false, "schema": {"type": "integer"}}],
           "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#
    }

    static let union = #"""
        {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"},
          {"type": "array", "items": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"}]}}, {"type": "null"}]}
        """#

    @Test func theExportsStringForAParameterOfSeveralTypesIsNoChange() throws {
        let exported = Self.document(id: #"{"type": "string"}"#)
        #expect(try OpenAPIComparisonTests.changes(Self.document(id: Self.union), exported).map(\.description) == [])
        #expect(try OpenAPIComparisonTests.changes(exported, Self.document(id: Self.union)).map(\.description) == [])
        let object = Self.document(id: #"{"type": "object", "properties": {"a": {"type": "string"}}}"#)
        #expect(try OpenAPIComparisonTests.changes(object, exported).map(\.description) == [])
    }

    @Test func aParameterOfSeveralTypesMadeAnIntegerIsStillBreaking() throws {
        let found = try OpenAPIComparisonTests.changes(Self.document(id: Self.union), Self.document(id: #"{"type": "integer"}"#))
        let change = try #require(found.first { $0.kind == .typeChanged }, "\(found.map(\.description))")
        #expect(change.breaking && found.count == 1, "\(found.map(\.description))")
    }
}
