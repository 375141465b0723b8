/// `VisitorInfo` of docs/demo-api.md: what a tab shows to someone who is not logged in.
struct VisitorInfo: JSONRepresentable {
    var imageName: String
    var message: String

    var json: SandboxJSON {
        .object([
            ("imageName", .string(imageName)),
            ("message", .string(message)),
        ])
    }
}
