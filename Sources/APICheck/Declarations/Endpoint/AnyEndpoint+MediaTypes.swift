extension AnyEndpoint {
    /// The media types the endpoint declares for its answer: those its `Accept` header parameter
    /// asks for, by its literal sample and its allowed values. `import-openapi` declares
    /// `.header("Accept", sample: .literal("application/geo+json"))` where a document offers an
    /// answer in more than one type, the JSON one first. Empty where no `Accept` names a type:
    /// any JSON type is the answer's then.
    public var declaredMediaTypes: [MediaType] {
        var types: [MediaType] = []
        for parameter in parameters where parameter.location == .header && HeaderName.same(parameter.name, "accept") {
            var texts = parameter.allowed ?? []
            if case let .literal(value)? = parameter.sample?.base { texts.insert(value.text, at: 0) }
            for range in texts.flatMap({ AcceptHeader($0).ranges }) where !range.type.isRange && range.quality > 0 {
                if !types.contains(range.type) { types.append(range.type) }
            }
        }
        return types
    }
}
