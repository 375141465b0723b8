extension Finding {
    /// The headers `endpoint` declares the app reads (`answering(headers:)`) that a success came
    /// without, one finding for them all: `live` and `proxy` say it alike. An error: the app reads
    /// the header, and without it reads nothing.
    public static func missingAnswerHeaders(of endpoint: AnyEndpoint, in header: (String) -> String?) -> Finding? {
        let missing = endpoint.answerHeaders.filter { header($0) == nil }
        guard !missing.isEmpty else { return nil }
        let names = missing.joined(separator: ", ")
        return Finding(
            kind: .answerHeader, severity: .error, endpoint: endpoint.id, expected: names, found: "absent",
            message: "a success without \(names), which the endpoint declares the app reads")
    }
}
