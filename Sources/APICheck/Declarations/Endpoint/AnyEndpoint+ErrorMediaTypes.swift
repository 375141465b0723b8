extension AnyEndpoint {
    /// Whether an error answer of `status` in `mediaType` is in the type the endpoint declares for
    /// it where that is not JSON (`answeringErrors(_:in:)`, Phoenix's `text/plain` 401): its
    /// message alone, the failure the contract promises, never judged against a JSON error shape.
    /// The one rule `live`'s error checks and `proxy` judge such an answer by.
    public func answersInDeclaredErrorType(_ status: Int, _ mediaType: MediaType?) -> Bool {
        guard status >= 400, let declared = errorMediaTypes[status], !declared.isJSON else { return false }
        return mediaType == declared
    }
}
