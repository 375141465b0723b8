extension API {
    /// An error answer as the declarations describe one, for what `serve` and the mock tier
    /// answer themselves when no failure mock shows the API's errors: the envelope's failure code
    /// where the envelope keeps its code apart from the error's (Prometheus' `"status": "error"`
    /// beside `errorType`), and a number at the error's code path where the API's declared codes
    /// there are numbers (a Kinto-like `errno` declared as `.status(401, code: 104)`), so a
    /// refusal of serve's own classifies and decodes as the API's errors do. Nil when the
    /// declarations say nothing beyond the error shape.
    public func declaredErrorExample() -> (document: JSONValue, status: Int)? {
        guard let errors, errors != .problemJSON else { return nil }
        var document = JSONValue.object([])
        var status = 400
        if let envelope, envelope.codePath != errors.codePath, let failure = envelope.aFailureCode {
            document.set(failure.json, at: envelope.codePath)
        }
        let signals = expired + forcedLogout
        let envelopeCodes = envelope.map { $0.codePath == errors.codePath ? Array($0.failureCodes) : [] } ?? []
        if let signal = signals.first(where: { if case .int? = $0.code { true } else { false } }), let code = signal.code {
            document.set(code.json, at: errors.codePath)
            status = signal.status ?? status
        } else if let numeric = envelopeCodes.first(where: { if case .int = $0 { true } else { false } }) {
            document.set(numeric.json, at: errors.codePath)
        }
        guard case let .object(members) = document, !members.isEmpty else { return nil }
        document.set(.string(""), at: errors.messagePath)
        return (document, status)
    }
}
