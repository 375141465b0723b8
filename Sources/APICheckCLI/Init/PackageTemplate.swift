/// The kinds of API `apicheck init` writes a package for. Everything that differs between them is
/// here; `PackageFiles` writes the rest the same way for both.
enum PackageTemplate: String, CaseIterable, Sendable {
    /// Answers are the payload itself; the token travels as `Authorization: Bearer`.
    case plain
    /// Every answer is `{"code": 0, "message": "ok", "data": ...}`; Bearer token too.
    case enveloped

    /// How answers and errors are shaped, as the declaration's `API(...)` arguments write them.
    var answerDeclaration: String {
        switch self {
        case .enveloped:
            """
            envelope: EnvelopePolicy(codeKey: "code", messageKey: "message", payloadKey: "data", successCodes: [0],
                                                 logoutCodes: [\(Self.logoutCode)], expiredHTTPStatuses: [401], messageRequired: false),
            """
        case .plain:
            """
            envelope: .none,
                    errors: ErrorShape(code: "$.error", message: "$.message"),
                    expired: [.status(401)],
            """
        }
    }

    static let logoutCode = 401001

    /// Whether the endpoint's answers come in the envelope.
    func isEnveloped(_ endpoint: ExampleEndpoint) -> Bool {
        self == .enveloped
    }

    /// The success answer's body.
    func successBody(_ endpoint: ExampleEndpoint) -> String {
        isEnveloped(endpoint) ? #"{"code": 0, "message": "ok", "data": \#(endpoint.payload)}"# : endpoint.payload
    }

    /// The variants a token endpoint's mocks need, one per answer the API declares: the dead token
    /// (HTTP 401) for both, the forced logout (an envelope code) only where there is an envelope.
    func variantBodies(_ endpoint: ExampleEndpoint) -> [(scenario: String, body: String)] {
        guard endpoint.token else { return [] }
        switch self {
        case .enveloped:
            return [
                ("logout", #"{"code": \#(Self.logoutCode), "message": "signed in on another device", "data": null}"#),
                ("expired", #"{"code": 401, "message": "token expired", "data": null}"#),
            ]
        case .plain:
            return [("expired", #"{"error": "token_expired", "message": "token expired"}"#)]
        }
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
            Answers are plain JSON (`envelope: .none`), errors are `{"error": ..., "message": ...}`
            (`errors: ErrorShape(...)`), and HTTP 401 is a dead token.
            """
        }
    }
}
