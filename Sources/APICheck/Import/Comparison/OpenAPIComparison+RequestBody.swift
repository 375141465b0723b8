import Foundation

/// The request body of an operation in both documents, as the import declares it: none on a GET
/// or HEAD (the import declares no body there, `a body on GET is not declared`), and a login's
/// always sent, whatever the document says of it (it carries the credentials).
extension OpenAPIComparison {
    /// The body the import declares of an operation: nil on a GET or HEAD.
    static func declaredBody(_ operation: Operation, in source: OpenAPISource) -> JSONValue? {
        guard operation.method != "get", operation.method != "head" else { return nil }
        return operation.operation["requestBody"].flatMap { source.resolve($0) }
    }

    /// `logsIn`: the operation is the one the import takes for the login in the older document,
    /// whose body the package sends on every call, so its being made required changes nothing.
    func compareBody(
        _ before: Operation, _ after: Operation, logsIn: Bool, schemas: inout SchemaComparison, oldSource: OpenAPISource,
        newSource: OpenAPISource
    ) -> [OpenAPIChange] {
        let subject = after.shown
        switch (Self.declaredBody(before, in: oldSource), Self.declaredBody(after, in: newSource)) {
        case let (nil, body?):
            let required = OpenAPISource.bool(body["required"])
            return [
                OpenAPIChange(
                    .bodyAdded, breaking: required, subject: subject, part: "request body",
                    required ? "added, required: the client sends none" : "added, optional")
            ]
        case (_?, nil):
            return [OpenAPIChange(.bodyRemoved, breaking: false, subject: subject, part: "request body", "removed: the server reads none")]
        case let (before?, after?):
            var changes: [OpenAPIChange] = []
            if !logsIn, !OpenAPISource.bool(before["required"]), OpenAPISource.bool(after["required"]) {
                changes.append(
                    OpenAPIChange(
                        .madeRequired, breaking: true, subject: subject, part: "request body", "made required: the client may send none"))
            }
            let oldMedia = Self.bodyMedia(before)
            let newMedia = Self.bodyMedia(after)
            if oldMedia?.type != newMedia?.type {
                changes.append(
                    OpenAPIChange(
                        .contentChanged, breaking: oldMedia != nil, subject: subject, part: "request body",
                        "sent as \(oldMedia?.type ?? "nothing the import declares") became \(newMedia?.type ?? "nothing the import declares")"
                    ))
            } else if let oldMedia, let newMedia {
                schemas.compare(oldMedia.schema, newMedia.schema, direction: .request, subject: subject, part: "request body")
            }
            return changes
        case (nil, nil):
            return []
        }
    }

    /// The login the import finds in a document (an OAuth 2 password flow's token URL, a Basic
    /// login, a password login operation), as method and path; nil when it finds none.
    static func login(in source: OpenAPISource, variablePrefix: String?) -> ImportedLogin? {
        let servers = OpenAPISource.array(source.root["servers"]).compactMap { server -> URL? in
            guard let text = OpenAPISource.string(server["url"]), let url = URL(string: text), url.host != nil else { return nil }
            return url
        }
        return SecurityMapping(source: source, variablePrefix: variablePrefix ?? "API", baseURLs: servers).login
    }
}
