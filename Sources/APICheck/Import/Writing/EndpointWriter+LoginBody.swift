import Foundation

extension EndpointWriter {
    /// A password login's body made from inputs (as a login declared by hand makes it): the
    /// account and the password read from their variables, the password a secret, every other
    /// member the example's (else the made) value, through the type's memberwise initializer:
    ///
    /// ```swift
    /// .json(LoginBody.self, inputs: [.input("username", .string, sample: .environment("SUPERSET_ACCOUNT", fallback: nil)),
    ///       .input("password", .string, sample: .environment("SUPERSET_PASSWORD", fallback: nil), secret: true)]) { input in
    ///     LoginBody(password: input.string("password"), provider: LoginBodyProvider(rawValue: "db"), username: input.string("username"))
    /// }
    /// ```
    ///
    /// An OAuth 2 flow's login (`login.grantType`) sends `grant_type` as its grant and leaves out
    /// the optional members RFC 6749 does not name for it: a made-up `client_id` or `device_code`
    /// is refused by a server that reads it. A form body is written `.form(...)` the same way.
    ///
    /// nil when the type is no structure of the mapper's (the body is then the sample as usual).
    func loginBodyExpression(type: String, value: JSONValue, login: ImportedLogin, types: SchemaMapper, form: Bool = false) -> String? {
        guard let members = login.bodyMembers,
            case let .structure(properties)? = types.types.first(where: { $0.name == type })?.kind
        else { return nil }
        var arguments: [String] = []
        for property in properties {
            let argument: String
            if property.jsonName == members.account || property.jsonName == members.password {
                argument = "input.string(\(SwiftName.literal(property.jsonName)))"
            } else if let grant = login.grantType, property.jsonName == "grant_type" {
                argument = Self.memberLiteral(.string(grant), type: property.type, optional: property.optional, types: types)
            } else if login.grantType != nil, property.optional {
                continue
            } else if let given = value[property.jsonName], given != .null {
                argument = Self.memberLiteral(given, type: property.type, optional: property.optional, types: types)
            } else if property.optional {
                continue
            } else {
                return nil
            }
            arguments.append("\(property.swiftName): \(argument)")
        }
        let account =
            ".input(\(SwiftName.literal(members.account)), .string, sample: .environment(\(SwiftName.literal(login.accountVariable)), fallback: nil))"
        let password =
            ".input(\(SwiftName.literal(members.password)), .string, sample: .environment(\(SwiftName.literal(login.passwordVariable)), fallback: nil), secret: true)"
        return
            ".\(form ? "form" : "json")(\(type).self, inputs: [\(account), \(password)]) { input in \(type)(\(arguments.joined(separator: ", "))) }"
    }

    /// A member's value as a Swift expression of its type: a literal for a scalar, the string
    /// enum's case, else the JSON decoded (a value the import made or checked against the schema).
    private static func memberLiteral(_ value: JSONValue, type: String, optional: Bool, types: SchemaMapper) -> String {
        switch (type, value) {
        case let ("String", .string(text)): return SwiftName.literal(text)
        case let ("Bool", .bool(flag)): return String(flag)
        case let ("Int", .number(text)), let ("Int64", .number(text)): if Int64(text) != nil { return text }
        case let ("Double", .number(text)): if Double(text) != nil { return text }
        case let (_, .string(text)):
            if case .stringEnum? = types.types.first(where: { $0.name == type })?.kind {
                return "\(type)(rawValue: \(SwiftName.literal(text)))"
            }
        default: break
        }
        let json = value.compactText
        var hashes = "#"
        while json.contains("\"" + hashes) { hashes += "#" }
        return "try\(optional ? "?" : "!") JSONDecoder().decode(\(type).self, from: Data(\(hashes)\"\(json)\"\(hashes).utf8))"
    }
}
