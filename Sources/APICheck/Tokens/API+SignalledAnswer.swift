import Foundation

extension API {
    /// An answer that is `signal`, made from the declarations where no mock holds it: its status,
    /// and its code where the endpoint's envelope or the API's error shape puts one; else a body
    /// in the API's error shape (problem+json when it declares none). What `serve` and the mock
    /// tier answer a refused token with when the API promises exact signals.
    /// `like` is one of the API's own error answers (`MockDirectory.errorExample()`), which the
    /// body follows (`ErrorShape.body(code:message:status:like:)`).
    public func signalledAnswer(
        _ signal: AnswerSignal, for endpoint: AnyEndpoint, message: String = "token refused",
        like example: (document: JSONValue, status: Int)? = nil
    ) -> (status: Int, contentType: String, body: Data) {
        made(signal, for: endpoint, refusal: Refusal(title: "Token refused", code: "token_refused", message: message), like: example)
    }

    /// The answer that is `signal` for a request whose token stands as `state`: with HTTP Basic
    /// credentials it speaks of an account and password and tells missing ones from wrong ones,
    /// as a Basic server does (`Credentials missing`, `Credentials refused`), as a token's tells
    /// `Token missing` from `Token refused`.
    public func signalledAnswer(
        _ signal: AnswerSignal, for endpoint: AnyEndpoint, state: TokenState?,
        like example: (document: JSONValue, status: Int)? = nil
    ) -> (status: Int, contentType: String, body: Data) {
        made(signal, for: endpoint, refusal: Refusal(basic: auth.placement == .basic, missing: state == .missing), like: example)
    }

    private func made(
        _ signal: AnswerSignal, for endpoint: AnyEndpoint, refusal: Refusal, like example: (document: JSONValue, status: Int)?
    ) -> (status: Int, contentType: String, body: Data) {
        if let code = signal.code, let policy = rules(for: endpoint).envelope {
            return (signal.status ?? 200, "application/json", Data(policy.envelope(code: code, message: refusal.message).compactText.utf8))
        }
        let status = signal.status ?? 401
        // An error the endpoint declares in a type that is not JSON is its message alone, as
        // Phoenix's `text/plain` 401 is: a JSON body there is one its server never sends.
        if signal.code == nil, let type = endpoint.errorMediaTypes[status], !type.isJSON {
            return (status, type.essence, Data(refusal.message.utf8))
        }
        if let errors, errors != .problemJSON {
            let code = signal.code ?? errors.ownCode(refusal.code, status: status, like: example)
            return (
                status, errors.contentType,
                Data(errors.body(code: code, message: refusal.message, status: status, like: example).compactText.utf8)
            )
        }
        let problem = JSONValue.object([
            ("type", .string("about:blank")), ("title", .string(refusal.title)),
            ("status", .number(String(status))), ("detail", .string(refusal.message)),
        ])
        return (status, "application/problem+json", Data(problem.compactText.utf8))
    }

    /// How a refusal is worded: a token's, or HTTP Basic credentials' told missing from wrong.
    private struct Refusal {
        var title: String
        var code: String
        var message: String

        init(title: String, code: String, message: String) {
            (self.title, self.code, self.message) = (title, code, message)
        }

        init(basic: Bool, missing: Bool) {
            switch (basic, missing) {
            case (false, true): self.init(title: "Token missing", code: "token_missing", message: "no token was sent")
            case (false, false): self.init(title: "Token refused", code: "token_refused", message: "token refused")
            case (true, true):
                self.init(title: "Credentials missing", code: "credentials_missing", message: "no account and password were sent")
            case (true, false): self.init(title: "Credentials refused", code: "credentials_refused", message: "wrong account or password")
            }
        }
    }
}
