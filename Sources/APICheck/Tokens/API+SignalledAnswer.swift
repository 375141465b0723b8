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
        if let code = signal.code, let policy = rules(for: endpoint).envelope {
            return (signal.status ?? 200, "application/json", Data(policy.envelope(code: code, message: message).compactText.utf8))
        }
        let status = signal.status ?? 401
        if let errors, errors != .problemJSON {
            let code = signal.code ?? errors.ownCode("token_refused", status: status, like: example)
            return (
                status, errors.contentType, Data(errors.body(code: code, message: message, status: status, like: example).compactText.utf8)
            )
        }
        let problem = JSONValue.object([
            ("type", .string("about:blank")), ("title", .string("Token refused")),
            ("status", .number(String(status))), ("detail", .string(message)),
        ])
        return (status, "application/problem+json", Data(problem.compactText.utf8))
    }
}
