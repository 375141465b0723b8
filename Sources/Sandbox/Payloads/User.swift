/// `User` of docs/demo-api.md: the payload of a login or a registration.
struct User: JSONRepresentable {
    var uid: Int64
    var userName: String
    var mail: String?
    var utoken: String
    var expiresIn: Int

    var json: SandboxJSON {
        .object([
            ("uid", .int(uid)),
            ("userName", .string(userName)),
            // Written as null rather than left out, so every login answer has the same shape.
            ("mail", mail.map(SandboxJSON.string) ?? .null),
            ("utoken", .string(utoken)),
            ("expires_in", .int(Int64(expiresIn))),
        ])
    }
}
