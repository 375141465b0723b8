/// `TabConfig` of docs/demo-api.md: one tab of the app, as listed by the raw `config/main.json`.
struct TabConfig: JSONRepresentable {
    var clsName: String
    var title: String
    var imageName: String
    var visitorInfo: VisitorInfo?

    var json: SandboxJSON {
        .object([
            ("clsName", .string(clsName)),
            ("title", .string(title)),
            ("imageName", .string(imageName)),
            // Present as null for tabs a visitor may open, so the optional is seen both ways.
            ("visitorInfo", visitorInfo?.json ?? .null),
        ])
    }
}
