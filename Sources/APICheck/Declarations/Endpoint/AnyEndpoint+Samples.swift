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

extension AnyEndpoint {
    /// What a call with `values` sends that was made up from the schema, as a refusal names it:
    /// `body` for a made-up body (`RequestBody.isMadeUp`), then each made-up parameter that gave a
    /// value (`Parameter.isMadeUp`), quoted. Empty when a person or a document gave everything sent.
    public func madeUpSamples(sent values: [String: ParameterValue]) -> [String] {
        var names: [String] = []
        if let body = requestBody, body.isMadeUp, body.hasSample { names.append("body") }
        names += sampledValues.filter { $0.isMadeUp && values[$0.name] != nil }.map { "'\($0.name)'" }
        return names
    }
}
