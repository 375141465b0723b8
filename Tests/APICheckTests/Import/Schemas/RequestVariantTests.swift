@testable import APICheck
import Foundation
import Testing

/// A component that serves both directions with a required `readOnly` member (`id`) or a
/// required `writeOnly` one (`password`), as Django REST framework's documents have them: the
/// request body gets a variant without the answers' members, the answers' type lets the
/// requests' members be absent, and each body's sample decodes into its own type.
@Suite struct RequestVariantTests {
    static let json = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}"##

    static func fixture(schemas: String) throws -> ImportFixture {
        try ImportFixture(
            schemas: schemas,
            paths: """
                "/pets": {"post": {"operationId": "createPet", "requestBody": {"required": true, "content": \(json)},
                                   "responses": {"201": {"description": "made", "content": \(json)}}}}
                """)
    }

    @Test func aRequiredReadOnlyMemberIsLeftOutOfTheRequestVariant() throws {
        let fixture = try Self.fixture(
            schemas: """
                "Pet": {"type": "object", "required": ["id", "name", "created"], "properties": {
                  "id": {"type": "integer", "readOnly": true}, "name": {"type": "string"},
                  "created": {"type": "string", "format": "date-time", "readOnly": true},
                  "tag": {"type": "string"}}}
                """)
        let pet = fixture.type("Pet")
        #expect(
            pet.contains("public var id: Int\n") && pet.contains("public var created: String\n"), "the answers keep them required: \(pet)")
        let request = fixture.type("PetRequest")
        #expect(request.contains("public var name: String\n") && request.contains("public var tag: String?"), "\(request)")
        #expect(!request.contains("var id") && !request.contains("var created"), "\(request)")
        #expect(request.contains("Pet without its read-only members"), "\(request)")
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(".json(PetRequest.self, sample: try? JSONDecoder().decode(PetRequest.self"), "\(group)")
        #expect(group.contains("Endpoint<Pet>("), "the answer is the component's own type: \(group)")
    }

    @Test func aRequiredWriteOnlyMemberIsOptionalInAnswersAndRequiredInRequests() throws {
        let fixture = try Self.fixture(
            schemas: """
                "Pet": {"type": "object", "required": ["name", "password"], "properties": {
                  "name": {"type": "string"}, "password": {"type": "string", "writeOnly": true}}}
                """)
        #expect(fixture.type("Pet").contains("public var password: String?"), "\(fixture.type("Pet"))")
        #expect(fixture.type("PetRequest").contains("public var password: String\n"), "\(fixture.type("PetRequest"))")
        let mock = fixture.file("mocks/createPet.json") ?? ""
        #expect(!mock.contains("password"), "an answer mock holds no write-only member: \(mock)")
    }

    /// Through members and lists, and through a tree that holds itself.
    @Test func componentsHeldByTheBodyGetVariantsToo() throws {
        let fixture = try Self.fixture(
            schemas: """
                "Pet": {"type": "object", "required": ["name", "toys"], "properties": {
                  "name": {"type": "string"}, "toys": {"type": "array", "items": {"$ref": "#/components/schemas/Toy"}},
                  "owner": {"$ref": "#/components/schemas/Owner"}}},
                "Toy": {"type": "object", "required": ["id", "parts"], "properties": {
                  "id": {"type": "integer", "readOnly": true},
                  "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Toy"}}}},
                "Owner": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
                """)
        let request = fixture.type("PetRequest")
        #expect(request.contains("public var toys: [ToyRequest]"), "\(request)")
        #expect(request.contains("public var owner: Owner?"), "a component with nothing one-sided is itself: \(request)")
        let toy = fixture.type("ToyRequest")
        #expect(toy.contains("public var parts: [ToyRequest]") && !toy.contains("var id"), "\(toy)")
        #expect(fixture.file("Sources/ShopContracts/Types/OwnerRequest.swift") == nil)
    }

    @Test func aComponentWithNothingOneSidedHasNoVariant() throws {
        let fixture = try Self.fixture(
            schemas: """
                "Pet": {"type": "object", "required": ["name"], "properties": {
                  "id": {"type": "integer", "readOnly": true}, "name": {"type": "string"}}}
                """)
        #expect(fixture.file("Sources/ShopContracts/Types/PetRequest.swift") == nil, "\(fixture.result.files.map(\.path))")
        #expect(fixture.group("DefaultEndpoints").contains(".json(Pet.self"))
    }

    /// The document's own body example, without the read-only `id`, is the sample: it fits.
    @Test func aBodyExampleWithoutTheReadOnlyMemberFits() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Pet": {"type": "object", "required": ["id", "name"], "properties": {
                  "id": {"type": "integer", "readOnly": true}, "name": {"type": "string"}}}
                """,
            paths: """
                "/pets": {"post": {"operationId": "createPet", "requestBody": {"content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Pet"}, "example": {"name": "Rex"}}}},
                  "responses": {"201": {"description": "made", "content": \(Self.json)}}}}
                """)
        #expect(!fixture.notes.contains { $0.contains("does not fit") }, "\(fixture.notes)")
        #expect(fixture.group("DefaultEndpoints").contains(#"{"name":"Rex"}"#), "\(fixture.group("DefaultEndpoints"))")
    }

    /// A component only request bodies reach (a token to blacklist, write-only) is declared as
    /// requests send it: no variant, its write-only member required, its read-only one left out.
    @Test func aComponentNoAnswerReachesIsDeclaredAsRequestsSendIt() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Blacklist": {"type": "object", "required": ["refresh", "id"], "properties": {
                  "refresh": {"type": "string", "writeOnly": true}, "id": {"type": "integer", "readOnly": true}}}
                """,
            paths: """
                "/token/blacklist": {"post": {"operationId": "blacklist", "requestBody": {"content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Blacklist"}}}}, "responses": {"204": {"description": "done"}}}}
                """)
        let type = fixture.type("Blacklist")
        #expect(type.contains("public var refresh: String\n") && !type.contains("var id"), "\(type)")
        #expect(fixture.file("Sources/ShopContracts/Types/BlacklistRequest.swift") == nil, "\(fixture.result.files.map(\.path))")
        #expect(fixture.group("DefaultEndpoints").contains(".json(Blacklist.self"), "\(fixture.group("DefaultEndpoints"))")
    }
}
