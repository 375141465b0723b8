extension API {
    /// The same API, whose server refuses a request that breaks its declarations (a missing
    /// parameter, a body of the wrong type) with `status` where most answer 400: FastAPI and
    /// frameworks like it answer 422. `serve` and `proxy --enforce` refuse with it, so an app's
    /// handling of a refusal meets the status the server sends.
    ///
    /// ```swift
    /// static let api = API(name: "flows", envelope: .none, endpoints: [...])
    ///     .refusingInvalidRequests(with: 422)
    /// ```
    public func refusingInvalidRequests(with status: Int) -> API {
        var copy = self
        copy.invalidRequestStatus = status
        return copy
    }
}
