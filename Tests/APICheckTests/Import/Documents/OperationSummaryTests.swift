@testable import APICheck
import Foundation
import Testing

/// An operation's summary is the declaration's (`summarized(_:)`), so `apicheck openapi` gives
/// it back, and writes none where there is none; its description is the doc comment.
@Suite struct OperationSummaryTests {
    static let answer =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "integer"}}}}}}"#

    @Test func theImportDeclaresTheSummaryAndCommentsTheDescription() throws {
        let fixture = try ImportFixture(
            paths: """
                "/pets": {"get": {"operationId": "listPets", "tags": ["pets"], "summary": "List all \\"pets\\",\\n  newest first",
                  "description": "Pets the shop holds.", "responses": \(Self.answer)}},
                "/toys": {"get": {"operationId": "listToys", "tags": ["pets"], "description": "Every toy.", "responses": \(Self.answer)}},
                "/food": {"get": {"operationId": "listFood", "tags": ["pets"], "summary": "Food", "description": "Food",
                  "responses": \(Self.answer)}}
                """)
        let pets = fixture.group("PetsEndpoints")
        #expect(pets.contains(#".summarized("List all \"pets\", newest first")"#), "\(pets)")
        #expect(pets.contains("/// Pets the shop holds.\n        public let listPets"), "\(pets)")
        #expect(pets.contains("/// Every toy.\n        public let listToys"), "\(pets)")
        #expect(pets.contains(#".summarized("Food")"#) && !pets.contains("/// Food"), "\(pets)")
        #expect(pets.components(separatedBy: ".summarized(").count == 3, "\(pets)")
    }

    struct Pet: Decodable, Sendable { var id: Int }

    @Test func theExportWritesADeclaredSummaryAndTheAnswerAsDescription() throws {
        let summarized = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets").summarized("List all pets")
        let plain = Endpoint<Pet>(id: "showPet", .get, "pets/{id}", parameters: [.path("id", .int)], mock: "pet")
        let api = API(
            name: "shop", environments: ["prod": URL(string: "https://shop.example.com/")!], envelope: nil, auth: .noLogin,
            endpoints: [summarized, plain])
        let document = try OpenAPIDocument(api: api).build().document
        let list = document["paths"]?["/pets"]?["get"]
        #expect(list?["summary"] == .string("List all pets"))
        #expect(list?["description"]?.stringValue?.contains("Pet") == true, "\(list?.compactText ?? "")")
        let show = document["paths"]?["/pets/{id}"]?["get"]
        // Without a declared summary there is none: a decode type's name is no summary.
        #expect(show?["summary"] == nil && show?["description"]?.stringValue?.contains("Pet") == true, "\(show?.compactText ?? "")")
        #expect(summarized.erased.summary == "List all pets" && plain.erased.summary == nil)
    }
}
