extension AnyEndpoint {
    /// Everything with a sample: the parameters, then the typed body's inputs. Samples, their order,
    /// secrets and credentials are worked out over these.
    public var sampledValues: [Parameter] {
        guard let inputs = requestBody?.inputs, !inputs.isEmpty else { return parameters }
        return parameters + inputs
    }

    /// Whether the auth probes call it: it needs the token and its declaration allows them.
    public var isProbed: Bool { requiresToken && probing.allows(method) }

    /// Whether it gets this probe: it needs the token and its declaration allows the probe.
    public func isProbed(by probe: AuthProbe) -> Bool { requiresToken && probing.allows(probe, method) }
}
