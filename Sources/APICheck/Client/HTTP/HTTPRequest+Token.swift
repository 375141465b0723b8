extension HTTPRequest {
    /// The token this request carries where `placement` puts it, read as every part of apicheck
    /// reads it (`AuthPolicy.Placement.token(header:query:)`).
    public func token(placedBy placement: AuthPolicy.Placement) -> String? {
        placement.token(in: self)
    }
}
