import Foundation

/// Where a state-changing request's CSRF token comes from and the header that carries it back:
/// frameworks that refuse a POST, PUT, PATCH or DELETE without a token they issued earlier
/// (Flask-WTF, Django's session auth, Rails, Laravel, Angular's XSRF convention). Declared on the
/// auth policy (`AuthPolicy.requiringCSRF(_:)`), as part of the API's credentials:
///
/// ```swift
/// // Superset: `GET security/csrf_token/` answers {"result": "<token>"} and ties it to the
/// // session cookie that answer sets.
/// CSRFPolicy(.answer(endpoint: "security.csrfToken", at: "$.result"), header: "X-CSRFToken")
/// // Django: the `csrftoken` cookie a login (or the named page) sets.
/// CSRFPolicy(.cookie("csrftoken", endpoint: "auth.session"), header: "X-CSRFToken")
/// // Laravel, Angular: the `XSRF-TOKEN` cookie, sent back as `X-XSRF-TOKEN`.
/// CSRFPolicy(.cookie("XSRF-TOKEN", endpoint: nil), header: "X-XSRF-TOKEN")
/// ```
/// The token goes on unsafe methods only (`HTTPMethod.isSafe`), with the cookies the answer that
/// issued it set (the session it is tied to). It is fetched when first needed, again for a new
/// token (a login), and again once when the server refuses it (`isRefusal`).
public struct CSRFPolicy: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// A member of an endpoint's answer, at a JSONPath into the whole answer.
        case answer(endpoint: String, at: JSONPath)
        /// A cookie the server sets: from any answer that sets it (a login's), else from the
        /// answer of `endpoint` when one is named.
        case cookie(String, endpoint: String?)
    }

    public var source: Source
    /// The request header that carries the token (`X-CSRFToken`, `X-CSRF-Token`, `X-XSRF-TOKEN`).
    public var header: String
    /// The statuses a refusal of the token comes with (Flask-WTF's 400, Django's 403, Laravel's
    /// 419, Rails' 422), read together with the answer naming the token (`isRefusal`).
    public var refusedStatuses: Set<Int>

    public init(_ source: Source, header: String = "X-CSRFToken", refusedStatuses: Set<Int> = [400, 403, 419, 422]) {
        self.source = source
        self.header = header
        self.refusedStatuses = refusedStatuses
    }

    /// The endpoint called for a token, when there is one to call.
    public var endpoint: String? {
        switch source {
        case let .answer(endpoint, _): endpoint
        case let .cookie(_, endpoint): endpoint
        }
    }

    /// The cookie that is the token, for a cookie source.
    public var cookie: String? {
        if case let .cookie(name, _) = source { return name }
        return nil
    }

    /// Whether a request of `method` carries the token: a safe one changes nothing, and the
    /// frameworks check none.
    public func applies(to method: HTTPMethod) -> Bool { !method.isSafe }

    /// The token an answer issues: the member at the source's path of `body` (the endpoint's
    /// answer), or the cookie it sets; nil when it issues none.
    public func token(in body: Data?, headers: [(name: String, value: String)]) -> String? {
        switch source {
        case let .answer(_, path):
            guard let body, let document = try? JSONParser.parse(body), let token = document.value(at: path)?.stringValue,
                !token.isEmpty
            else { return nil }
            return token
        case let .cookie(name, _):
            return Self.cookies(setBy: headers).first { $0.name == name }?.value
        }
    }

    /// The header value a cookie token is sent back as: its `%XX` decoded (Laravel percent-encodes
    /// its `XSRF-TOKEN` cookie, and compares the decoded value); an answer's token as it is.
    public func headerValue(of token: String) -> String {
        cookie == nil ? token : CookieHeader.decoded(token)
    }

    /// Whether an answer refuses the token: a refusal status, and an answer that names the token
    /// (`The CSRF token is missing.`, `CSRF Failed`, `CSRF token mismatch.`, Rails'
    /// `InvalidAuthenticityToken`), so that an endpoint's own 400 or 403 is not sent twice.
    public func isRefusal(status: Int, body: Data) -> Bool {
        guard refusedStatuses.contains(status) else { return false }
        let text = String(decoding: body.prefix(4096), as: UTF8.self).lowercased()
        return ["csrf", "xsrf", "authenticity token", "authenticitytoken"].contains { text.contains($0) }
    }

    /// The cookies `Set-Cookie` headers set, `name=value` without their attributes, non-empty
    /// values only (an empty one deletes the cookie).
    public static func cookies(setBy headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var cookies: [(name: String, value: String)] = []
        for (name, value) in CookieHeader.pairs(setBy: headers) where !name.isEmpty && !value.isEmpty {
            cookies.removeAll { $0.name == name }
            cookies.append((name, value))
        }
        return cookies
    }
}
