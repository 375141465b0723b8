import Foundation

/// Where an envelope keeps its code, message and payload, and what the codes mean.
public struct EnvelopePolicy: Sendable, Equatable {
    public var codeKey: String
    public var messageKey: String
    public var payloadKey: String
    public var successCodes: Set<Int>
    /// Codes that force the app to log out (10504: the token was revoked by another login).
    public var logoutCodes: Set<Int>
    /// Envelope codes that mean the token is dead.
    public var expiredCodes: Set<Int>
    /// HTTP statuses that mean the token is dead whatever the body says (403).
    public var expiredHTTPStatuses: Set<Int>
    /// Whether every envelope must carry a message. Some APIs send it only with failures.
    public var messageRequired: Bool

    public init(codeKey: String = "code", messageKey: String = "msg", payloadKey: String = "datas",
                successCodes: Set<Int> = [200], logoutCodes: Set<Int> = [], expiredCodes: Set<Int> = [],
                expiredHTTPStatuses: Set<Int> = [403], messageRequired: Bool = true) {
        self.messageRequired = messageRequired
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.payloadKey = payloadKey
        self.successCodes = successCodes
        self.logoutCodes = logoutCodes
        self.expiredCodes = expiredCodes
        self.expiredHTTPStatuses = expiredHTTPStatuses
    }

    /// The HTTP status a dead-token answer comes with, for mocks of the `expired` scenario.
    public var expiredStatus: Int { expiredHTTPStatuses.min() ?? 200 }

    public var payloadPath: JSONPath { JSONPath.root.appending(payloadKey) }

    /// What an envelope code means.
    public func outcome(code: Int, message: String) -> Classification {
        if successCodes.contains(code) { return .success(payload: .null, at: payloadPath) }
        if logoutCodes.contains(code) { return .logout(code: code, message: message) }
        if expiredCodes.contains(code) { return .tokenExpired(status: nil, code: code) }
        return .failure(code: code, message: message)
    }
}
