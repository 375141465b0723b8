// What a user who writes a decode type as a plain `Decodable` struct gets: the compiler refuses it.
// `ci/user-package-check` type-checks this file and holds docs/declaring.md's quoted error to it.
import APICheck

public struct Order: Decodable {
    public var id: Int
}

public let showOrder = Endpoint<Order>(id: "orders.show", .get, "orders/{id}", mock: "order")
