/// The shell commands a report offers for a result: a `curl` that makes the same call (the token
/// as `$TOKEN`, credentials as the environment variables they come from, secret literals as `***`),
/// and the command that refreshes the endpoint's mock.
enum ReproduceCommand {
    /// Nil when nothing was sent (a mocks audit, a skipped check).
    static func curl(_ result: CheckResult, target: String, api: API?) -> String? {
        guard let requested = result.requestPath else { return nil }
        var base = target
        if !base.hasSuffix("/") { base += "/" }
        let endpoint = api?.endpoint(result.endpoint)
        var query: [String] = []
        var headers: [String] = (api?.defaultHeaders ?? []).map { "\($0.name): \($0.value)" }
        var body: [String] = []
        for parameter in endpoint?.parameters ?? [] {
            guard let value = sampleText(parameter) else { continue }
            switch parameter.location {
            case .path: break
            case .query: query.append(escapeShell(percent(parameter.name)) + "=" + value.shell)
            case .header: headers.append(parameter.name + ": " + value.raw)
            case .body: body.append(escapeShell(JSONValue.quoted(parameter.name)) + ":" + value.json)
            }
        }
        if let api, endpoint?.requiresToken == true {
            switch api.auth.placement {
            case let .query(name): query.append(escapeShell(percent(name)) + "=$TOKEN")
            case let .header(name, prefix): headers.append("\(name): \(prefix)$TOKEN")
            }
        }
        var url = escapeShell(base + requested)
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        var command = "curl -X \(result.method) \"\(url)\""
        for header in headers {
            // `$TOKEN` stays live; everything else in the header is quoted as text.
            let parts = header.components(separatedBy: "$TOKEN").map(escapeShell)
            command += " -H \"" + parts.joined(separator: "$TOKEN") + "\""
        }
        if !body.isEmpty {
            command += " -H 'Content-Type: application/json' -d \"{" + body.joined(separator: ",") + "}\""
        }
        return command
    }

    /// The command that records the endpoint's answer into its mock again.
    static func refresh(_ result: CheckResult, tool: String = "apicheck") -> String {
        "\(tool) record --only \(result.endpoint)"
    }

    private struct Value {
        /// For a query string, inside double quotes.
        var shell: String
        /// For a header, before quoting.
        var raw: String
        /// As a JSON member value, inside double quotes.
        var json: String
    }

    /// What a parameter is sent with, as far as the declaration tells: literals as they are,
    /// environment variables by name, secret literals masked. Nil when the run decides
    /// (a unique or seen value without fallback) and the parameter is optional.
    private static func sampleText(_ parameter: Parameter) -> Value? {
        let placeholder = "$" + parameter.name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
        switch parameter.sample {
        case let .literal(value)?:
            return parameter.secret ? masked : literal(value)
        case let .environment(name, _)?:
            let variable = "$" + name
            return Value(shell: variable, raw: variable, json: "\\\"" + variable + "\\\"")
        case let .seen(_, _, fallback?)?:
            return parameter.secret ? masked : literal(fallback)
        case .unique?, .seen?, nil:
            guard parameter.required else { return nil }
            return Value(shell: placeholder, raw: placeholder, json: "\\\"" + placeholder + "\\\"")
        }
    }

    private static let masked = Value(shell: Redactor.mask, raw: Redactor.mask, json: "\\\"" + Redactor.mask + "\\\"")

    private static func literal(_ value: ParameterValue) -> Value {
        Value(shell: escapeShell(percent(value.text)), raw: value.text, json: escapeShell(value.json.compactText))
    }

    /// Escapes what double quotes leave live in a shell: `\`, `"`, `$` and the backtick.
    static func escapeShell(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\\"$`".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static func percent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
