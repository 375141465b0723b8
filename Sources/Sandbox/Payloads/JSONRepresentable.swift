/// A payload type of docs/demo-api.md that writes itself with its members in the page's order.
protocol JSONRepresentable {
    var json: SandboxJSON { get }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    var json: SandboxJSON { .array(map(\.json)) }
}
