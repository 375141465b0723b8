extension RequestBody {
    /// Where the sample puts input `name`'s value in the body, found by making the sample with a
    /// marker for it: `serve` reads who logs in from there. Nil for an input that is not text or
    /// that the sample does not copy as it is.
    public func path(ofInput name: String) -> JSONPath? {
        let marker = "\u{1}apicheck-input:" + name
        var values = placeholderValues(secretMask: false)
        values[name] = .string(marker)
        guard let document = try? sample(values, dates: .deferredToDate) else { return nil }
        return Self.find(.string(marker), in: document, at: .root)
    }

    /// The sample as documents show it (`openapi`'s example): each input's literal or fallback,
    /// a secret as `***`, anything known only at run time as `<name>` (or zero, false); its dates
    /// as the API writes them.
    public func example(dates: DateDecoding) -> JSONValue? {
        try? sample(placeholderValues(secretMask: true), dates: dates)
    }

    private func placeholderValues(secretMask: Bool) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for input in inputs {
            var value = input.sample?.fallback
            if input.secret, secretMask { value = input.type == .string ? .string(Redactor.mask) : nil }
            if value == nil {
                switch input.type {
                case .string: value = .string("<\(input.name)>")
                case .int, .int64: value = .int(0)
                case .double: value = .double(0)
                case .bool: value = .bool(false)
                }
            }
            values[input.name] = value
        }
        return values
    }

    private static func find(_ target: JSONValue, in value: JSONValue, at path: JSONPath) -> JSONPath? {
        switch value {
        case let .object(members):
            for member in members {
                if let found = find(target, in: member.value, at: path.appending(member.key)) { return found }
            }
        case let .array(items):
            for (index, item) in items.enumerated() {
                if let found = find(target, in: item, at: JSONPath(path.components + [.index(index)])) { return found }
            }
        default:
            if value == target { return path }
        }
        return nil
    }
}
