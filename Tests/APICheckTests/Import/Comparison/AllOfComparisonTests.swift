@testable import APICheck
import Foundation
import Testing

/// `import-openapi --check` on components that others include through `allOf`, as Connexion and
/// FastAPI documents share a page's `total_entries`: a change inside the included component is
/// listed once, under it; what a composer declares itself is still compared under the composer.
@Suite struct AllOfComparisonTests {
    static let base = ##"""
        {"openapi": "3.0.3", "info": {"title": "Zoo", "version": "1"},
         "paths": {
          "/pets": {"get": {"operationId": "listPets",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PetCollection"}}}}}}},
          "/keepers": {"get": {"operationId": "listKeepers",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/KeeperCollection"}}}}}}}},
         "components": {"schemas": {
          "CollectionInfo": {"type": "object", "required": ["total_entries"], "properties": {"total_entries": {"type": "integer"}}},
          "PetCollection": {"type": "object", "allOf": [
             {"type": "object", "properties": {"pets": {"type": "array", "items": {"type": "string"}}}},
             {"$ref": "#/components/schemas/CollectionInfo"}]},
          "KeeperCollection": {"type": "object", "allOf": [
             {"type": "object", "properties": {"keepers": {"type": "array", "items": {"type": "string"}}}},
             {"$ref": "#/components/schemas/CollectionInfo"}]}}}}
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

    @Test func aChangeInsideAnIncludedComponentIsListedOnceUnderIt() throws {
        let found = try Self.changes([(#""total_entries": {"type": "integer"}"#, #""total_entries": {"type": "string"}"#)])
        #expect(found == ["breaking type-changed schema CollectionInfo in answers $.total_entries: integer became string"], "\(found)")
    }

    @Test func aMemberAddedOrMadeOptionalInsideAnIncludedComponentIsListedUnderIt() throws {
        let found = try Self.changes([
            (#""total_entries": {"type": "integer"}"#, #""total_entries": {"type": "integer"}, "page": {"type": "integer"}"#),
            (#""required": ["total_entries"]"#, #""required": []"#),
        ])
        #expect(
            found == [
                "breaking made-optional schema CollectionInfo in answers $.total_entries: made optional: the generated type requires it, so an answer without it does not decode",
                "compatible field-added schema CollectionInfo in answers $.page: added: the client reads past it",
            ], "\(found)")
    }

    @Test func aComposersOwnMemberIsStillComparedUnderTheComposer() throws {
        let found = try Self.changes([
            (#""pets": {"type": "array", "items": {"type": "string"}}"#, #""pets": {"type": "array", "items": {"type": "integer"}}"#)
        ])
        #expect(found == ["breaking type-changed schema PetCollection in answers $.pets[*]: string became integer"], "\(found)")
    }

    /// A composer that makes an included member required, or overrides it, decides that member
    /// for its own type: a change there is the composer's.
    @Test func aComposerThatNarrowsAnIncludedMemberKeepsItsChange() throws {
        let found = try Self.changes([
            (
                ##"{"$ref": "#/components/schemas/CollectionInfo"}]},"##,
                ##"{"$ref": "#/components/schemas/CollectionInfo"}], "properties": {"total_entries": {"type": "string"}}},"##
            )
        ])
        #expect(found == ["breaking type-changed schema PetCollection in answers $.total_entries: integer became string"], "\(found)")
    }

    @Test func anUnchangedDocumentHasNoChanges() throws {
        #expect(try Self.changes([]).isEmpty)
    }
}
