import APICheck
@testable import MockServer

/// The route table as tests see it: a match rendered as text (`e3 id=42`, `405 GET, HEAD`, `404`).
struct RouteTableProbe: Sendable {
    private let table: RouteTable

    init(_ api: API) {
        table = RouteTable(api.endpoints)
    }

    func match(_ method: String, _ path: String) -> String {
        switch table.match(method: method, path: Substring(path)) {
        case let .found(endpoint, values):
            ([endpoint.id] + values.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        case let .wrongMethod(allowed): "405 " + allowed.joined(separator: ", ")
        case .notFound: "404"
        }
    }
}
