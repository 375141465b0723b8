import Foundation

extension MockAudit {
    /// A mock holding a string shaped as a JWT (`CredentialShape`): a key or token a server
    /// minted, recorded before `record` replaced such strings, or pasted in by hand. It opens the
    /// server to whoever reads the repository, so it is said; a warning, since a document's example
    /// or a hand-written mock may hold a token that opens nothing (jwt.io's).
    func credentialFindings(_ file: MockFileName, of endpoint: AnyEndpoint) -> [Finding] {
        guard case let .success(data) = mocks.data(of: file), !CredentialShape.tokens(in: data).isEmpty,
            case let .success(document) = mocks.document(of: file)
        else { return [] }
        return Self.shapedCredentialPaths(in: document, at: .root).prefix(3).map { path in
            Finding(
                kind: .secretInMock, severity: .warning, category: .harness, endpoint: endpoint.id, path: path,
                message: "holds a credential shaped as a JWT: if a server minted it, it opens the server to whoever reads "
                    + "the mock; `apicheck record` again writes a stand-in, or replace it by hand",
                file: mocks.path(of: file))
        }
    }

    /// The places of the strings holding a JWT-shaped token, in document order.
    static func shapedCredentialPaths(in value: JSONValue, at path: JSONPath) -> [JSONPath] {
        switch value {
        case let .string(text): return CredentialShape.contains(text) ? [path] : []
        case let .array(items):
            return items.enumerated().flatMap { shapedCredentialPaths(in: $0.element, at: path.appending(index: $0.offset)) }
        case let .object(members): return members.flatMap { shapedCredentialPaths(in: $0.value, at: path.appending($0.key)) }
        case .null, .bool, .number: return []
        }
    }
}
