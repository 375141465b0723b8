extension SecurityMapping {
    /// The cookie schemes a header credential can stand in for: a cookie (Django REST framework's
    /// `sessionid`) is the browser's session, had by logging in through a page and gone when it
    /// expires, while a key in a header (an API key, a Bearer or Basic credential) is what a
    /// client or a CI job holds. A cookie scheme is one only where every requirement list that
    /// offers it offers such a header scheme as another alternative; one an operation requires
    /// alone stays the package's, as does a cookie-only API's.
    static func sessionCookies(required: [String], schemes: [(key: String, value: JSONValue)], source: OpenAPISource) -> [String] {
        func placement(_ name: String) -> String? {
            guard let scheme = schemes.first(where: { $0.key == name }).flatMap({ source.resolve($0.value) }) else { return nil }
            switch OpenAPISource.string(scheme["type"]) {
            case "apiKey"?: return OpenAPISource.string(scheme["in"])
            case "http"?: return ["bearer", "basic"].contains(OpenAPISource.string(scheme["scheme"])?.lowercased() ?? "") ? "header" : nil
            default: return nil
            }
        }
        var lists = [OpenAPISource.array(source.root["security"])]
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            for (_, operation) in OpenAPISource.members(item) { lists.append(OpenAPISource.array(operation["security"])) }
        }
        let cookies = Set(required.filter { placement($0) == "cookie" })
        return cookies.filter { cookie in
            lists.allSatisfy { list in
                let alternatives = list.map { OpenAPISource.members($0).map(\.key) }
                guard alternatives.contains(where: { $0.contains(cookie) }) else { return true }
                return alternatives.contains { names in !names.contains(cookie) && names.contains { placement($0) == "header" } }
            }
        }.sorted()
    }
}
