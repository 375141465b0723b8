/// A Swagger 2.0 document rewritten as the OpenAPI 3.0 document it describes, so that the one
/// importer maps both: `host`, `basePath` and `schemes` become `servers`; `definitions`, the
/// top-level `parameters` and `responses` and `securityDefinitions` become `components` (every
/// local `$ref` rewritten to match); a `body` parameter becomes the `requestBody` under each
/// media type the operation consumes, `formData` parameters a form body; an answer's `schema`
/// becomes its `content` under each media type it produces, its `examples` those media types'
/// examples; `collectionFormat` becomes `style`/`explode` and `x-nullable` `nullable`.
///
/// What has no OpenAPI 3 counterpart here is a note with the Swagger document's own pointer, and
/// `originalLocation(_:)` turns the pointers of the importer's notes (into the converted
/// document) back into the Swagger document's, so that every note points at what the user wrote.
struct SwaggerConversion {
    /// The OpenAPI 3.0 document.
    private(set) var document: JSONValue = .null
    private(set) var notes: [ImportNote] = []
    /// A converted pointer → the Swagger pointer it came from; a longer pointer wins.
    var origins: [String: String] = [:]
    /// A converted answer that is a `$ref` → the converted pointer of the answer it refers to
    /// (`#/components/responses/NotFound`), so that a pointer below it leads into that one.
    var references: [String: String] = [:]

    let root: JSONValue
    let consumes: [String]
    let produces: [String]

    static let jsonMediaType = "application/json"

    /// `documentScheme`: the scheme the document was fetched with, which Swagger 2.0 says applies
    /// when the document lists no `schemes`; nil for a file (then https, noted).
    init(_ swagger: JSONValue, documentScheme: String? = nil) {
        root = swagger
        consumes = Self.strings(swagger["consumes"])
        produces = Self.strings(swagger["produces"])
        var members: [(key: String, value: JSONValue)] = [("openapi", .string("3.0.3"))]
        for key in ["info", "tags", "externalDocs"] {
            if let value = swagger[key] { members.append((key, value)) }
        }
        if let servers = servers(documentScheme: documentScheme) { members.append(("servers", servers)) }
        if let security = swagger["security"] { members.append(("security", security)) }
        members.append(("paths", paths()))
        members.append(("components", components()))
        for (key, _) in OpenAPISource.members(swagger)
        where !Self.convertedKeys.contains(key) && !key.hasPrefix("x-") {
            note([key], "'\(key)' of a Swagger 2.0 document is not mapped")
        }
        document = .object(members)
    }

    private static let convertedKeys: Set<String> = [
        "swagger", "info", "tags", "externalDocs", "host", "basePath", "schemes", "consumes", "produces", "security",
        "paths", "definitions", "parameters", "responses", "securityDefinitions",
    ]

    /// The Swagger document's pointer for a pointer into the converted one: the longest converted
    /// prefix recorded, with the rest of the pointer kept; the pointer itself when none is.
    /// A pointer below a referring answer (`…/responses/500/content/application~1json`, the 500
    /// a `$ref` to a shared answer) is first taken into the shared answer
    /// (`#/responses/InternalServerError/schema`).
    func originalLocation(_ location: String) -> String {
        var tokens = followingReferences(location).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var rest: [String] = []
        while tokens.count > 1 {
            if let origin = origins[tokens.joined(separator: "/")] {
                return ([origin] + rest).joined(separator: "/")
            }
            rest.insert(tokens.removeLast(), at: 0)
        }
        return location
    }

    /// The pointer with its longest prefix that is a referring answer, and has more below it,
    /// replaced by the answer it refers to; again while one is (a chain of references).
    private func followingReferences(_ location: String) -> String {
        var location = location
        for _ in 0..<8 {
            var prefix = location
            var replaced = false
            while let slash = prefix.lastIndex(of: "/") {
                prefix = String(prefix[..<slash])
                if let target = references[prefix] {
                    location = target + location.dropFirst(prefix.count)
                    replaced = true
                    break
                }
            }
            if !replaced { break }
        }
        return location
    }

    // MARK: - Servers

    /// One server per scheme (`https://host/basePath`), the first one the staging server; with no
    /// `host`, the base path alone: a URL relative to where the document was served, as Swagger
    /// 2.0 says.
    private mutating func servers(documentScheme: String?) -> JSONValue? {
        let host = OpenAPISource.string(root["host"])
        var basePath = OpenAPISource.string(root["basePath"]) ?? "/"
        if !basePath.hasPrefix("/") { basePath = "/" + basePath }
        let origin = host == nil && root["basePath"] != nil ? "#/basePath" : "#/host"
        origins["#/servers"] = origin
        guard let host else {
            origins["#/servers/0"] = origin
            origins["#/servers/0/url"] = origin
            return root["basePath"] == nil ? nil : .array([.object([("url", .string(basePath))])])
        }
        var schemes = Self.strings(root["schemes"]).filter { ["http", "https"].contains($0.lowercased()) }
        for other in Self.strings(root["schemes"]) where !["http", "https"].contains(other.lowercased()) {
            note(["schemes"], "scheme '\(other)' is not mapped (http and https are)")
        }
        if schemes.isEmpty {
            schemes = [documentScheme ?? "https"]
            if documentScheme == nil {
                note(["schemes"], "no schemes: the server is taken to be https://\(host)\(basePath)")
            }
        }
        for index in schemes.indices {
            origins["#/servers/\(index)"] = origin
            origins["#/servers/\(index)/url"] = origin
        }
        return .array(schemes.map { .object([("url", .string("\($0.lowercased())://\(host)\(basePath)"))]) })
    }

    // MARK: - Pointers

    /// A local reference into the Swagger document as its place in the converted one.
    static func rewritten(_ reference: String) -> String {
        for (old, new) in [
            ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] where reference.hasPrefix(old) {
            return new + reference.dropFirst(old.count)
        }
        return reference
    }

    static func pointer(_ tokens: [String]) -> String {
        OpenAPISource.location(tokens)
    }

    static func unescape(_ token: String) -> String {
        (token.removingPercentEncoding ?? token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    static func strings(_ value: JSONValue?) -> [String] {
        OpenAPISource.array(value).compactMap { OpenAPISource.string($0) }
    }

    mutating func note(_ tokens: [String], _ message: String) {
        notes.append(ImportNote(.notMapped, at: Self.pointer(tokens), message))
    }
}
