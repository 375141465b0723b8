extension ErrorMapping {
    /// A scenario name as a file name holds it: letters, digits, `-` and `_` (a dot would read as
    /// a pinned status, an `@` as another scenario).
    static func scenarioName(_ text: String) -> String {
        let name = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        return name.isEmpty ? "error" : name
    }

    /// What a scenario of an example without a key is called: its status's name.
    static func statusName(_ status: Int) -> String {
        let names = [
            400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
            409: "conflict", 410: "gone", 412: "precondition_failed", 415: "unsupported_media_type",
            422: "unprocessable", 429: "too_many_requests", 500: "server_error", 502: "bad_gateway",
            503: "unavailable", 504: "gateway_timeout",
        ]
        return names[status] ?? "status_\(status)"
    }
}
