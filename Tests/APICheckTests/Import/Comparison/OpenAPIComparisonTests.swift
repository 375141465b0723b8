@testable import APICheck
import Foundation
import Testing

/// `import-openapi --check`'s comparison on a small document and one edit of it per case: each
/// difference found once, where it is, breaking for the generated client or not.
@Suite struct OpenAPIComparisonTests {
    static let base = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {
          "/pets/{petId}": {"get": {"operationId": "showPet",
             "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}, {"name": "fields", "in": "query", "schema": {"type": "string"}}],
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                           "404": {"description": "none"}}}},
          "/pets": {"post": {"operationId": "addPet",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}},
             "responses": {"201": {"description": "made"}}}}},
         "components": {"schemas": {
          "Pet": {"type": "object", "required": ["id", "name"], "properties": {
             "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}, "tag": {"type": "string"},
             "status": {"type": "string", "enum": ["available", "sold"]},
             "owner": {"oneOf": [{"$ref": "#/components/schemas/Person"}, {"$ref": "#/components/schemas/Shop"}]}}},
          "NewPet": {"type": "object", "required": ["name"], "properties": {
             "name": {"type": "string"}, "nickname": {"type": "string"}, "size": {"type": "string", "enum": ["small", "large"]}}},
          "Person": {"type": "object", "properties": {"name": {"type": "string"}}},
          "Shop": {"type": "object", "properties": {"url": {"type": "string"}}}}}}
        """#

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        /// An edit made to both documents first.
        var setup: (String, String)?
        /// The edit that makes the newer document.
        var change: (String, String)
        var kind: OpenAPIChange.Kind
        var breaking: Bool
        var location: String
        var count = 1

        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "a required answer field removed",
            change: (#""format": "int64"}, "name": {"type": "string"},"#, #""format": "int64"},"#),
            kind: .fieldRemoved, breaking: true, location: "schema Pet in answers $.name"),
        Case(
            label: "an optional answer field removed", change: (#""tag": {"type": "string"},"#, ""),
            kind: .fieldRemoved, breaking: false, location: "schema Pet in answers $.tag"),
        Case(
            label: "an answer field made optional", change: (#""required": ["id", "name"]"#, #""required": ["id"]"#),
            kind: .madeOptional, breaking: true, location: "schema Pet in answers $.name"),
        Case(
            label: "an answer field made required", change: (#""required": ["id", "name"]"#, #""required": ["id", "name", "tag"]"#),
            kind: .madeRequired, breaking: false, location: "schema Pet in answers $.tag"),
        Case(
            label: "an answer field added",
            change: (
                #""status": {"type": "string", "enum": ["available", "sold"]}"#,
                #""status": {"type": "string", "enum": ["available", "sold"]}, "age": {"type": "integer"}"#
            ),
            kind: .fieldAdded, breaking: false, location: "schema Pet in answers $.age"),
        Case(
            label: "a required answer field made nullable",
            change: (#""name": {"type": "string"}, "tag""#, #""name": {"type": "string", "nullable": true}, "tag""#),
            kind: .madeNullable, breaking: true, location: "schema Pet in answers $.name"),
        Case(
            label: "an optional answer field made nullable: the generated optional decodes null, no change",
            change: (#""tag": {"type": "string"}"#, #""tag": {"type": "string", "nullable": true}"#),
            kind: .madeNullable, breaking: false, location: "never", count: 0),
        Case(
            label: "a required request field made non-nullable",
            setup: (#""name": {"type": "string"}, "nickname""#, #""name": {"type": "string", "nullable": true}, "nickname""#),
            change: (#""name": {"type": "string", "nullable": true}, "nickname""#, #""name": {"type": "string"}, "nickname""#),
            kind: .madeNonNullable, breaking: true, location: "schema NewPet in requests $.name"),
        Case(
            label: "an optional request field made non-nullable: the client leaves nil out, no change",
            setup: (#""nickname": {"type": "string"}"#, #""nickname": {"type": "string", "nullable": true}"#),
            change: (#""nickname": {"type": "string", "nullable": true}"#, #""nickname": {"type": "string"}"#),
            kind: .madeNonNullable, breaking: false, location: "never", count: 0),
        Case(
            label: "an answer field's type changed", change: (#""type": "integer", "format": "int64""#, #""type": "string""#),
            kind: .typeChanged, breaking: true, location: "schema Pet in answers $.id"),
        Case(
            label: "an answer enum value added", change: (#"["available", "sold"]"#, #"["available", "sold", "pending"]"#),
            kind: .enumValueAdded, breaking: false, location: "schema Pet in answers $.status"),
        Case(
            label: "an answer enum value removed", change: (#"["available", "sold"]"#, #"["available"]"#),
            kind: .enumValueRemoved, breaking: false, location: "schema Pet in answers $.status"),
        Case(
            label: "a request enum value removed", change: (#"["small", "large"]"#, #"["small"]"#),
            kind: .enumValueRemoved, breaking: true, location: "schema NewPet in requests $.size"),
        Case(
            label: "a request enum value added", change: (#"["small", "large"]"#, #"["small", "large", "huge"]"#),
            kind: .enumValueAdded, breaking: false, location: "schema NewPet in requests $.size"),
        Case(
            label: "a request field made required", change: (#""required": ["name"]"#, #""required": ["name", "nickname"]"#),
            kind: .madeRequired, breaking: true, location: "schema NewPet in requests $.nickname"),
        Case(
            label: "a required parameter added",
            change: (
                #"{"name": "fields", "in": "query", "schema": {"type": "string"}}"#,
                #"{"name": "fields", "in": "query", "schema": {"type": "string"}}, {"name": "X-Trace", "in": "header", "required": true, "schema": {"type": "string"}}"#
            ),
            kind: .parameterAdded, breaking: true, location: "GET /pets/{petId} header parameter X-Trace"),
        Case(
            label: "an optional parameter added",
            change: (
                #"{"name": "fields", "in": "query", "schema": {"type": "string"}}"#,
                #"{"name": "fields", "in": "query", "schema": {"type": "string"}}, {"name": "lang", "in": "query", "schema": {"type": "string"}}"#
            ),
            kind: .parameterAdded, breaking: false, location: "GET /pets/{petId} query parameter lang"),
        Case(
            label: "a parameter made required", change: (#""in": "query", "schema""#, #""in": "query", "required": true, "schema""#),
            kind: .madeRequired, breaking: true, location: "GET /pets/{petId} query parameter fields"),
        Case(
            label: "a parameter made non-nullable: a parameter is never sent as null, no change",
            setup: (#""in": "query", "schema": {"type": "string"}"#, #""in": "query", "schema": {"type": "string", "nullable": true}"#),
            change: (#""in": "query", "schema": {"type": "string", "nullable": true}"#, #""in": "query", "schema": {"type": "string"}"#),
            kind: .madeNonNullable, breaking: false, location: "never", count: 0),
        Case(
            label: "a parameter removed", change: (#", {"name": "fields", "in": "query", "schema": {"type": "string"}}"#, ""),
            kind: .parameterRemoved, breaking: false, location: "GET /pets/{petId} query parameter fields"),
        Case(
            label: "a parameter's type changed",
            change: (#""required": true, "schema": {"type": "integer"}"#, #""required": true, "schema": {"type": "string"}"#),
            kind: .typeChanged, breaking: true, location: "GET /pets/{petId} path parameter petId"),
        Case(
            label: "an operation removed, another added", change: (#""/pets": {"post""#, #""/animals": {"post""#),
            kind: .operationRemoved, breaking: true, location: "POST /pets", count: 2),
        Case(
            label: "an operation added", change: (#""/pets": {"post""#, #""/animals": {"post""#),
            kind: .operationAdded, breaking: false, location: "POST /animals", count: 2),
        Case(
            label: "a path parameter renamed is the same operation", change: (#""/pets/{petId}": {"get""#, #""/pets/{id}": {"get""#),
            kind: .operationRenamed, breaking: true, location: "never", count: 0),
        Case(
            label: "an operationId changed", change: (#""operationId": "showPet""#, #""operationId": "getPet""#),
            kind: .operationRenamed, breaking: true, location: "GET /pets/{petId}"),
        // Superset's has none: its package's export writes the ids the import made (--check: 276 renamed).
        Case(
            label: "an operationId given as the import named the operation", setup: (#"{"get": {"operationId": "showPet","#, #"{"get": {"#),
            change: (#""/pets/{petId}": {"get": {"#, #""/pets/{petId}": {"get": {"operationId": "get.pets.petId","#),
            kind: .operationRenamed, breaking: true, location: "never", count: 0),
        Case(
            label: "the success status changed", change: (#""201": {"description": "made"}"#, #""200": {"description": "made"}"#),
            kind: .successStatusChanged, breaking: true, location: "POST /pets"),
        Case(
            label: "a token now required", change: (#""operationId": "addPet","#, #""operationId": "addPet", "security": [{"key": []}],"#),
            kind: .tokenRequired, breaking: true, location: "POST /pets"),
        Case(
            label: "a oneOf branch added without a discriminator",
            change: (##"{"$ref": "#/components/schemas/Shop"}]"##, ##"{"$ref": "#/components/schemas/Shop"}, {"type": "string"}]"##),
            kind: .branchAdded, breaking: true, location: "schema Pet in answers $.owner"),
        Case(
            label: "a oneOf branch added with a discriminator",
            setup: (#""owner": {"oneOf""#, #""owner": {"discriminator": {"propertyName": "kind"}, "oneOf""#),
            change: (
                ##"{"$ref": "#/components/schemas/Shop"}]"##,
                ##"{"$ref": "#/components/schemas/Shop"}, {"$ref": "#/components/schemas/Vet"}]"##
            ),
            kind: .branchAdded, breaking: false, location: "schema Pet in answers $.owner"),
        Case(
            label: "a recursive schema's change, listed once",
            setup: (
                #""Person": {"type": "object", "properties": {"name": {"type": "string"}}}"#,
                ##""Person": {"type": "object", "properties": {"name": {"type": "string"}, "friends": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}"##
            ),
            change: (#""name": {"type": "string"}, "friends""#, #""name": {"type": "integer"}, "friends""#),
            kind: .typeChanged, breaking: true, location: "schema Person in answers $.name"),
    ]

    static func edited(_ text: String, _ edit: (String, String)) throws -> String {
        let result = text.replacingOccurrences(of: edit.0, with: edit.1)
        try #require(result != text, "the edit '\(edit.0)' found nothing to change")
        return result
    }

    static func changes(_ before: String, _ after: String) throws -> [OpenAPIChange] {
        OpenAPIComparison(old: try OpenAPIImport.parse(Data(before.utf8)), new: try OpenAPIImport.parse(Data(after.utf8))).changes()
    }

    @Test(arguments: cases) func classifies(_ test: Case) throws {
        let before = try test.setup.map { try Self.edited(Self.base, $0) } ?? Self.base
        let after = try Self.edited(before, test.change)
        let found = try Self.changes(before, after)
        #expect(found.count == test.count, "\(found.map(\.description))")
        guard test.count > 0 else { return }
        let change = try #require(found.first { $0.kind == test.kind }, "\(found.map(\.description))")
        #expect(change.breaking == test.breaking, "\(change)")
        #expect(change.location == test.location, "\(change)")
    }

    /// A path parameter renamed in its place: the client fills the placeholder by place, so the
    /// URL it calls is the same; only the sample variable a re-import names may change.
    @Test(arguments: [
        ("pet_key", "re-importing renames its sample variable $SHOP_PET_ID to $SHOP_PET_KEY (set that one for live)"),
        ("id", "its sample variable stays $SHOP_PET_ID"),
    ])
    func aPathParameterRenamedInItsPlaceIsCompatible(name: String, variable: String) throws {
        let renamed = try Self.edited(
            try Self.edited(Self.base, (#""/pets/{petId}""#, "\"/pets/{\(name)}\"")),
            (#"{"name": "petId", "in": "path""#, "{\"name\": \"\(name)\", \"in\": \"path\""))
        let found = OpenAPIComparison(
            old: try OpenAPIImport.parse(Data(Self.base.utf8)), new: try OpenAPIImport.parse(Data(renamed.utf8)),
            variablePrefix: "SHOP"
        ).changes()
        #expect(
            found.map(\.description) == [
                "compatible parameter-renamed GET /pets/{\(name)} path parameter \(name): renamed from 'petId' in the same place of the path: "
                    + "the client still calls the same URL; \(variable)"
            ])
    }

    /// An older document whose path parameter and answer were references to another file: the
    /// import declared the parameter from its placeholder and left the operation out. A newer
    /// document that describes both adds no parameter the client does not send, and makes the
    /// operation declarable.
    @Test func whatTheOlderDocumentsReferencesDidNotReachIsNotAChangeOfTheClient() throws {
        let unreachable = try Self.edited(
            try Self.edited(
                Self.base,
                (
                    #"[{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}, "#,
                    #"[{"$ref": "other.yaml#/petId"}, "#
                )),
            (#""201": {"description": "made"}"#, #""201": {"$ref": "other.yaml#/made"}"#))
        let found = try Self.changes(unreachable, Self.base)
        #expect(
            found.map(\.description) == [
                "compatible parameter-added GET /pets/{petId} path parameter petId: described now: the package already declares and sends it, from the path's placeholder as a String",
                "compatible operation-added POST /pets response 201: its answer's reference now leads to an answer (it led nowhere the import reads, so the package does not declare the operation): re-importing declares it",
            ], "\(found.map(\.description))")
    }

    @Test func anUnchangedDocumentHasNoChanges() throws {
        #expect(try Self.changes(Self.base, Self.base).isEmpty)
    }

    /// A union of several arrays, as FastAPI writes `Optional[Union[List[A], List[B]]]`: each
    /// branch is compared with its own counterpart, not every array with the first.
    static let arrays = #"""
        {"openapi": "3.1.0", "info": {"title": "Nodes", "version": "1"},
         "paths": {"/nodes": {"patch": {"operationId": "patchNode",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Patch"}}}},
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Patch"}}}}}}}},
         "components": {"schemas": {
          "Patch": {"type": "object", "properties": {
             "specs": {"anyOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Spec"}},
                                 {"type": "array", "items": {"$ref": "#/components/schemas/Op"}}, {"type": "null"}]},
             "tags": {"anyOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Op"}},
                                {"type": "array", "items": {"type": "string"}}, {"type": "null"}]}}},
          "Spec": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
          "Op": {"type": "object", "required": ["op"], "properties": {"op": {"type": "string"}}}}}}
        """#

    @Test func aUnionOfArraysComparedWithItselfHasNoChanges() throws {
        let found = try Self.changes(Self.arrays, Self.arrays)
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    @Test func anArrayBranchWhoseItemsChangedTypeIsOneChangeInsideIt() throws {
        let found = try Self.changes(
            Self.arrays,
            try Self.edited(
                Self.arrays, (#"{"type": "array", "items": {"type": "string"}}"#, #"{"type": "array", "items": {"type": "integer"}}"#)))
        #expect(
            found.map(\.description) == [
                "breaking type-changed schema Patch in requests $.tags[*]: string became integer",
                "breaking type-changed schema Patch in answers $.tags[*]: string became integer",
            ], "\(found.map(\.description))")
    }

    /// A Swagger 2.0 document is compared as the import reads it: converted.
    @Test func aSwaggerDocumentIsComparedConverted() throws {
        let swagger = #"""
            {"swagger": "2.0", "info": {"title": "S", "version": "1"}, "paths": {"/items": {"get": {"operationId": "listItems",
             "parameters": [{"name": "limit", "in": "query", "type": "integer"}],
             "responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"$ref": "#/definitions/Item"}}}}}}},
             "definitions": {"Item": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}}
            """#
        let importer = OpenAPIImport(settings: ImportFixture.settings)
        let old = try importer.openAPIDocument(try OpenAPIImport.parse(Data(swagger.utf8)))
        let new = try importer.openAPIDocument(
            try OpenAPIImport.parse(
                Data(
                    swagger.replacingOccurrences(of: #""required": ["id"]"#, with: #""required": []"#).utf8)))
        let found = OpenAPIComparison(old: old, new: new).changes()
        #expect(
            found.map(\.description) == [
                "breaking made-optional schema Item in answers $.id: made optional: the generated type requires it, so an answer without it does not decode"
            ])
    }
}
