@testable import APICheck
import Foundation
import Testing

/// A union's branches named otherwise in the newer document, as a package's own `apicheck
/// openapi` export names Label Studio's: titles of inline branches dropped, a titled inline object
/// written as a component named after its title, two branches alike but for their titles written
/// once. None changes what a client sends or decodes.
@Suite struct UnionBranchNameComparisonTests {
    static let owner = ##""owner": {"oneOf": [{"$ref": "#/components/schemas/Person"}, {"$ref": "#/components/schemas/Shop"}]}"##

    static func changes(_ before: String, _ after: String) throws -> [String] {
        try OpenAPIComparisonTests.changes(
            OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.owner, before)),
            OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.owner, after))
        ).map(\.description)
    }

    @Test func titlesDroppedAndAlikeBranchesWrittenOnceAreNoChange() throws {
        let documented = #"""
            "owner": {"oneOf": [{"type": "string", "title": "String"}, {"type": "integer", "title": "Integer"},
              {"type": "object", "title": "Dictionary", "description": "for in and not_in"}, {"type": "object", "title": "List"}]}
            """#
        let exported = #""owner": {"anyOf": [{"type": "string"}, {"type": "integer", "format": "int64"}, {"type": "object"}]}"#
        // The export's `int64` may be a format change inside the integer branch, compatible:
        // nothing breaking, and no branch removed or added.
        #expect(try Self.found(documented, exported) == [])
        #expect(try Self.found(exported, documented) == [])
    }

    static func found(_ before: String, _ after: String) throws -> [String] {
        try OpenAPIComparisonTests.changes(
            OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.owner, before)),
            OpenAPIComparisonTests.edited(OpenAPIComparisonTests.base, (Self.owner, after))
        ).filter { $0.breaking || $0.kind == .branchAdded || $0.kind == .branchRemoved }.map(\.description)
    }

    @Test func aTitledObjectWrittenAsAComponentNamedAfterItIsNoChange() throws {
        let documented = #""owner": {"oneOf": [{"title": "all: false", "type": "object", "properties": {"all": {"type": "boolean"}}}]}"#
        let exported = ##"""
            "owner": {"oneOf": [{"$ref": "#/components/schemas/PetOwnerAllFalse"}]}}},
              "PetOwnerAllFalse": {"type": "object", "properties": {"all": {"type": "boolean"}
            """##
        #expect(try Self.changes(documented, exported) == [])
    }

    @Test func aBranchOfAnotherKindIsStillRemovedAndAdded() throws {
        let before = #""owner": {"oneOf": [{"type": "string", "title": "String"}, {"type": "boolean"}]}"#
        let after = #""owner": {"oneOf": [{"type": "integer"}, {"type": "boolean"}]}"#
        #expect(
            try Self.changes(before, after) == [
                "compatible branch-removed schema Pet in answers $.owner: branch String removed",
                "breaking branch-added schema Pet in answers $.owner: branch integer added: the generated enum cannot decode it",
            ])
    }

    /// Prefect's trigger `match`: its `ResourceSpecification` component, a map, or the same map
    /// inline, as Pydantic writes it; the package declares one map (a typealias, which the export
    /// cannot name) and writes it inline. A union of one schema twice is that schema, and a
    /// component left over that repeats a paired branch but for its name is no branch removed.
    @Test func aComponentRepeatedInlineIsOneBranch() throws {
        let map = #"{"type": "object", "additionalProperties": {"type": "string"}}"#
        let labels = ##"{"$ref": "#/components/schemas/Labels"}"##
        let component = #"}}, "Labels": {"title": "Labels", "type": "object", "additionalProperties": {"type": "string""#
        let documented = #""owner": {"anyOf": [\#(labels), \#(map), {"type": "array", "items": {"anyOf": [\#(labels), \#(map)]}}]}"#
        let exported = #""owner": {"anyOf": [\#(map), {"type": "array", "items": \#(map)}, {"type": "null"}]}"#
        #expect(try Self.found(documented + component, exported) == [])
        // Nor is the list's item, the two branches once, made non-nullable.
        #expect(try Self.changes(documented + component, exported) == [])
        let single = #""owner": {"anyOf": [\#(labels), \#(map), {"type": "null"}]}"#
        let exportedSingle = #""owner": {"type": ["object", "null"], "additionalProperties": {"type": "string"}}"#
        #expect(try Self.found(single + component, exportedSingle) == [])
        // A map of another value is still a change.
        let other = #""owner": {"type": ["object", "null"], "additionalProperties": {"type": "integer"}}"#
        #expect(try Self.found(single + component, other) != [])
    }
}
