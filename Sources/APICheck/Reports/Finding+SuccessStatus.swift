extension Finding {
    /// A success under a status the endpoint does not declare: `live` and `proxy` say it alike.
    public static func undeclaredSuccessStatus(_ status: Int, of endpoint: AnyEndpoint) -> Finding {
        Finding(
            kind: .httpStatus, severity: .error, endpoint: endpoint.id, expected: endpoint.successStatusText, found: "HTTP \(status)",
            message: "a success answered with HTTP \(status); the endpoint declares "
                + endpoint.successStatuses.map(String.init).joined(separator: " or "))
    }
}
