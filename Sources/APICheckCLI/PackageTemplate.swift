/// The kinds of API `apicheck init` writes a package for. Everything that differs between them is
/// here; `PackageFiles` writes the rest the same way for both.
enum PackageTemplate: String, CaseIterable, Sendable {
    /// Answers are the payload itself; the token travels as `Authorization: Bearer`.
    case plain
    /// Every answer is `{"code": 0, "message": "ok", "data": ...}`; Bearer token too.
    case enveloped

    /// The envelope, as the declaration writes it. The plain template declares one too: today
    /// only an envelope code can say "logged out elsewhere" (the `logout` variant every token
    /// endpoint has, and the probe of a token revoked by a second login), so its token endpoint
    /// keeps one while the others answer plain JSON.
    var envelopePolicy: String {
        """
        EnvelopePolicy(codeKey: "code", messageKey: "message", payloadKey: "data", successCodes: [0],
                                         logoutCodes: [\(Self.logoutCode)], expiredHTTPStatuses: [401], messageRequired: false)
        """
    }

    static let logoutCode = 401001

    /// Whether the endpoint's answers come in the envelope.
    func isEnveloped(_ endpoint: ExampleEndpoint) -> Bool {
        switch self {
        case .enveloped: true
        case .plain: endpoint.token
        }
    }

    /// The success answer's body.
    func successBody(_ endpoint: ExampleEndpoint) -> String {
        isEnveloped(endpoint) ? #"{"code": 0, "message": "ok", "data": \#(endpoint.payload)}"# : endpoint.payload
    }

    /// The variants a token endpoint's mocks need: the forced logout (an envelope code) and the
    /// dead token (HTTP 401, whatever the body).
    func variantBodies(_ endpoint: ExampleEndpoint) -> [(scenario: String, body: String)] {
        guard endpoint.token else { return [] }
        return [
            ("logout", #"{"code": \#(Self.logoutCode), "message": "signed in on another device", "data": null}"#),
            ("expired", #"{"code": 401, "message": "token expired", "data": null}"#),
        ]
    }

    /// What the README says of the answers, wrapped as the rest of it is.
    var answersDescription: String {
        switch self {
        case .enveloped:
            """
            Every answer is an envelope, `{"code": 0, "message": "ok", "data": ...}`: code 0 is success,
            \(Self.logoutCode) a forced logout, and HTTP 401 a dead token.
            """
        case .plain:
            """
            Answers are plain JSON (`enveloped: false`), and HTTP 401 is a dead token. The token
            endpoint's answers keep an envelope (`{"code": 0, "message": "ok", "data": ...}`) for its
            forced-logout answer (code \(Self.logoutCode)): a logout signal is an envelope code.
            """
        }
    }
}
