/// What moves a proxied exchange between the client and the upstream. The checks, the findings
/// and the reports are the same on either; what each engine does with an exchange is listed in
/// docs/proxy.md#engines.
public enum ProxyEngine: String, Sendable, CaseIterable {
    /// libmicrohttpd for the clients and libcurl for the upstream, on shared loops
    /// (`ProxyLoop`): every option of `apicheck proxy`.
    case standard
    /// h2o's server and reverse proxy (`H2OProxy`): an exchange costs a fraction of the CPU;
    /// listens on plain HTTP, without `--enforce`.
    case h2o

    /// Why `options` cannot run on this engine, if they cannot.
    public func refusal(_ options: ProxyOptions) -> String? {
        guard self == .h2o else { return nil }
        if options.enforce { return "--enforce runs on the standard engine: it holds an answer until it is judged" }
        if options.configuration.tls != nil { return "--engine h2o listens on plain HTTP: TLS options need the standard engine" }
        let scheme = options.upstream.scheme?.lowercased()
        if scheme != "http", scheme != "https" { return "--engine h2o reaches an http or https upstream, not \(scheme ?? "none")" }
        return nil
    }
}
