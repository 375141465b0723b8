import APICheck
import Foundation
import Testing

/// Endpoints listed once: a group's stored properties are the API's endpoints.
@dynamicMemberLookup
private enum Shop {
    struct Item: Decodable, Sendable { var id: Int }

    struct Admin: EndpointGroup {
        let purge = Endpoint<NoContent>(id: "admin.purge", .post, "admin/purge", mock: "purge", auth: .token)
    }

    struct Endpoints: EndpointGroup {
        let login = Endpoint<Item>(
            id: "account.login", .post, "login",
            parameters: [
                .body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil)),
                .body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true),
            ], mock: "login", sessionEffect: .logsIn)
        let item = Endpoint<Item>(
            id: "items.show", .get, "items/{id}", parameters: [.path("id", .int, sample: .literal(1))],
            mock: "item", auth: .token)
        let admin = Admin()
        let extra: [any EndpointConvertible] = [Endpoint<[Item]>(id: "items.list", .get, "items", mock: "items")]
        let note = "not an endpoint"
    }

    static let endpoints = Endpoints()
    static subscript<E>(dynamicMember keyPath: KeyPath<Endpoints, E>) -> E { endpoints[keyPath: keyPath] }
    static let api = API(
        name: "shop", envelope: EnvelopePolicy(successCodes: [0]),
        auth: AuthPolicy(loginEndpoint: "account.login", tokenField: "token", placement: .bearer),
        endpoints: endpoints.allEndpoints)
}

@Test func everyEndpointOfAGroupIsListedInDeclarationOrder() {
    #expect(Shop.api.endpoints.map(\.id) == ["account.login", "items.show", "admin.purge", "items.list"])
    #expect(Shop.api.problems == [])
    // Members read like static lets.
    #expect(Shop.item.id == "items.show")
    #expect(Shop.admin.purge.mock == "purge")
}
