@testable import APICheck
import Testing

/// The API declaration an import writes: its environments from the document's servers, its
/// envelope, and every group of endpoints.
@Suite struct ImportedAPIDeclarationTests {
    @Test func theAPIHasTheServerNoEnvelopeAndEveryGroup() throws {
        let fixture = try ImportFixture(paths: EndpointWriterTests.pets)
        #expect(fixture.declaration.contains("public static let pets = PetsEndpoints()"))
        #expect(fixture.declaration.contains(#""staging": URL(string: "https://api.shop.example/v2/")!"#))
        #expect(fixture.declaration.contains(#""local": URL(string: "http://127.0.0.1:8080/v2/")!"#))
        #expect(fixture.declaration.contains("public static let `default` = DefaultEndpoints()"), "\(fixture.declaration)")
        #expect(
            fixture.declaration.contains(
                "envelope: .none,\n        endpoints: [pets.allEndpoints, `default`.allEndpoints].flatMap { $0 })"),
            "\(fixture.declaration)")
    }
}
