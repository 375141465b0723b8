@testable import APICheck
import Testing

/// Names from a document's names: every writer names through these.
@Suite struct SwiftNameTests {
    @Test(arguments: [
        ("pet_type", "petType"), ("PetType", "petType"), ("ID", "id"), ("X-Request-ID", "xRequestID"), ("class", "`class`"),
        ("self", "selfValue"), ("2fa", "_2fa"), ("", "value"), ("créé", "cr"),
    ])
    func members(_ name: String, _ swift: String) {
        #expect(SwiftName.member(name) == swift)
    }

    @Test(arguments: [("pet-owner", "PetOwner"), ("Error", "ErrorModel"), ("3d_model", "T3dModel"), ("order.line", "OrderLine")])
    func types(_ name: String, _ swift: String) {
        #expect(SwiftName.type(name) == swift)
    }

    /// Every type the generated code names (declarations, conformances, samples, decoding
    /// helpers) is renamed in a schema, so none is shadowed in the generated module.
    @Test(arguments: [
        "API", "String", "Endpoint", "JSONValue", "Data", "Date", "Hashable", "JSONDecoder", "HTTPMethod",
        "OneOfDecoding", "ErrorShape", "DecodingError", "Result", "Never", "UUID",
    ])
    func typesTheGeneratedCodeUsesAreNeverShadowed(_ name: String) {
        #expect(SwiftName.type(name) == name + "Model")
    }

    @Test func aSchemaNamedLikeAGroupLeavesTheGroupAnotherName() throws {
        let fixture = try ImportFixture(
            schemas: #""PetsEndpoints": {"type": "object", "properties": {"id": {"type": "integer"}}}"#,
            paths: """
                "/pets": {"get": {"operationId": "pets", "tags": ["pets"], "responses": {"200": {"description": "ok",
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PetsEndpoints"}, "example": {"id": 1}}}}}}}
                """)
        #expect(fixture.declaration.contains("public static let pets = PetsEndpoints2()"))
        #expect(fixture.group("PetsEndpoints2").contains("public let pets = Endpoint<PetsEndpoints>("))
    }

    @Test func literalsEscapeWhatWouldBreakOrHideTheLine() {
        #expect(SwiftName.literal("a\"b\\c\nd\u{202E}") == #""a\"b\\c\nd\u{202e}""#)
        #expect(SwiftName.variable("petId") == "PET_ID")
        var taken: Set<String> = ["name"]
        #expect(SwiftName.unique("name", in: &taken) == "name2")
        #expect(SwiftName.unique("name", in: &taken) == "name3")
    }
}
