import Foundation

/// Where an envelope keeps its status code, message and payload, and what the codes mean.
///
/// The short form describes an envelope of top-level keys with Int codes (the demo's
/// `{"code": 200, "msg": "success", "datas": …}`):
/// ```swift
/// EnvelopePolicy(successCodes: [200], logoutCodes: [10504], expiredHTTPStatuses: [403])
/// ```
/// The general form takes JSONPaths and codes of any JSON scalar type, and a payload that may sit
/// beside the status rather than under a key of its own (`payload: nil`):
/// ```swift
/// EnvelopePolicy(code: "$.status", message: "$.error", payload: "$.data",
///                success: ["success"], failure: ["error"])
/// ```
public struct EnvelopePolicy: Sendable, Equatable {
    public var codePath: JSONPath
    public var messagePath: JSONPath
    /// Where the payload sits; nil when the data sits beside the status, so the decode type reads
    /// the whole body.
    public var payloadPath: JSONPath?
    public var successCodes: Set<EnvelopeCode>
    /// The failure codes the API uses (`"error"`), for the answers `serve` writes and the schemas
    /// `openapi` writes. Any code that is not success, logout or expired is a failure, listed or not.
    public var failureCodes: Set<EnvelopeCode>
    /// Codes that force the app to log out (10504: the token was revoked by another login).
    public var logoutCodes: Set<EnvelopeCode>
    /// Envelope codes that mean the token is dead.
    public var expiredCodes: Set<EnvelopeCode>
    /// HTTP statuses that mean the token is dead whatever the body says (403).
    public var expiredHTTPStatuses: Set<Int>
    /// Whether every envelope must carry a message. Some APIs send it only with failures.
    public var messageRequired: Bool

    /// The short form: top-level keys and Int codes.
    public init(
        codeKey: String = "code", messageKey: String = "msg", payloadKey: String = "datas",
        successCodes: Set<Int> = [200], logoutCodes: Set<Int> = [], expiredCodes: Set<Int> = [],
        expiredHTTPStatuses: Set<Int> = [403], messageRequired: Bool = true
    ) {
        self.init(
            code: JSONPath([.key(codeKey)]), message: JSONPath([.key(messageKey)]), payload: JSONPath([.key(payloadKey)]),
            success: Set(successCodes.map(EnvelopeCode.int)), logout: Set(logoutCodes.map(EnvelopeCode.int)),
            expired: Set(expiredCodes.map(EnvelopeCode.int)), expiredHTTPStatuses: expiredHTTPStatuses,
            messageRequired: messageRequired)
    }

    /// The general form: JSONPaths, and codes of any JSON scalar type (all of one type).
    public init(
        code: JSONPath, message: JSONPath, payload: JSONPath?, success: Set<EnvelopeCode>,
        failure: Set<EnvelopeCode> = [], logout: Set<EnvelopeCode> = [], expired: Set<EnvelopeCode> = [],
        expiredHTTPStatuses: Set<Int> = [], messageRequired: Bool = false
    ) {
        self.codePath = code
        self.messagePath = message
        self.payloadPath = payload
        self.successCodes = success
        self.failureCodes = failure
        self.logoutCodes = logout
        self.expiredCodes = expired
        self.expiredHTTPStatuses = expiredHTTPStatuses
        self.messageRequired = messageRequired
    }

    /// The HTTP status a dead-token answer comes with, for mocks of the `expired` scenario.
    public var expiredStatus: Int { expiredHTTPStatuses.min() ?? 200 }

    /// The kinds of code the declaration uses (`Int`, `String`, `Bool`): a code of another kind
    /// makes the envelope malformed, as a String where an Int belongs would.
    public var codeKinds: Set<String> {
        Set((successCodes.union(failureCodes).union(logoutCodes).union(expiredCodes)).map(\.kindName))
    }

    /// Why the declaration cannot hold, when its codes are of several JSON types: a code has one.
    var mixedKindsProblem: String? {
        guard codeKinds.count > 1 else { return nil }
        return "the envelope's codes mix JSON types (\(codeKindName)); a code at \(codePath) has one type"
    }

    /// What the codes' kinds print as, for findings: `Int`, `String`, `Int or String`.
    public var codeKindName: String { codeKinds.sorted().joined(separator: " or ") }

    /// What an envelope code means.
    public func classification(code: EnvelopeCode, message: String) -> Classification {
        if successCodes.contains(code) { return .success(payload: .null, at: payloadPath ?? .root) }
        if logoutCodes.contains(code) { return .forcedLogout(code: code, message: message) }
        if expiredCodes.contains(code) { return .tokenExpired(status: nil, code: code) }
        return .failure(code: code, message: message)
    }

    /// The top-level keys of an envelope whose fields all sit at the top (the short form): the
    /// client's fast path reads those with `JSONDecoder`; other envelopes take the full path.
    var flatKeys: (code: String, message: String, payload: String?)? {
        guard let code = codePath.singleKey, let message = messagePath.singleKey else { return nil }
        guard let payloadPath else { return (code, message, nil) }
        guard let payload = payloadPath.singleKey else { return nil }
        return (code, message, payload)
    }

    /// The envelope's own fields (code, message), which drift leaves to the envelope check.
    public var fieldPaths: [JSONPath] { [codePath, messagePath] }

    /// An answer in this envelope that carries only `code` and `message`, its payload null: what
    /// `serve` answers a code asked for, and a refused token where the API signals it with a code.
    public func envelope(code: EnvelopeCode, message: String) -> JSONValue {
        var envelope = JSONValue.object([])
        envelope.set(code.json, at: codePath)
        envelope.set(.string(message), at: messagePath)
        if let payloadPath { envelope.set(.null, at: payloadPath) }
        return envelope
    }

    /// A failure code `serve` writes when it must answer a failure in this envelope.
    public var aFailureCode: EnvelopeCode? {
        failureCodes.min()
            ?? (codeKinds == ["Int"] ? .int(-1) : codeKinds == ["String"] ? .string("error") : codeKinds == ["Bool"] ? .bool(false) : nil)
    }
}
