/// Every way a request can fail, with the answer docs/demo-api.md gives for it. Handlers throw these;
/// only `SandboxAPI` turns them into responses.
enum SandboxFailure: Error, Equatable {
    case missingParameter(String)
    case invalidParameter(String)
    case accountExists
    case wrongCredentials
    /// The token was revoked by a later login of the same account.
    case loggedInElsewhere
    case statusNotFound
    case noSuchEndpoint
    /// Missing, unknown, expired or logged-out token: HTTP 403 with Weibo's own body.
    case deadToken

    /// The envelope code and message, or nil for the one failure that is not an envelope.
    var envelope: (code: Int, msg: String, httpStatus: Int)? {
        switch self {
        case let .missingParameter(name): (-1, "missing parameter: \(name)", 200)
        case let .invalidParameter(name): (-1, "invalid parameter: \(name)", 200)
        case .accountExists: (10001, "account already exists", 200)
        case .wrongCredentials: (10002, "wrong account or password", 200)
        case .loggedInElsewhere: (10504, "logged in on another device", 200)
        case .statusNotFound: (20101, "status not found", 200)
        case .noSuchEndpoint: (404, "no such endpoint", 404)
        case .deadToken: nil
        }
    }
}
