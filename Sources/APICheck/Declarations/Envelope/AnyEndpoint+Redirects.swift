extension AnyEndpoint {
    /// The redirects the endpoint declares as its answer (a login page's 307, a download's 302):
    /// its 3xx success statuses but 304, which is a conditional read's answer, not a redirect.
    /// Such an answer is the endpoint's own, so it is not followed: what the redirect leads to
    /// (a web page, another host's file) is no part of the contract, and neither is its body.
    public var redirectStatuses: [Int] {
        successStatuses.filter { (300..<400).contains($0) && $0 != 304 }
    }
}
