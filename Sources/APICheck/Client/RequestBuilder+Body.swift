import Foundation

extension RequestBuilder {
    /// A typed body's bytes: the value given, else the sample made of the inputs' values, each
    /// checked against its declared type first, and their `Content-Type`.
    func typedBody(
        _ declared: RequestBody, endpoint: AnyEndpoint, _ values: [String: ParameterValue],
        given: (any Sendable)?
    ) throws(APIError) -> (data: Data, contentType: String) {
        func invalid(_ name: String, _ problem: String) -> APIError {
            APIError(endpoint: endpoint.id, reason: .invalidRequest(parameter: name, problem: problem))
        }
        var accepted: [String: ParameterValue] = [:]
        if given == nil {
            guard declared.hasSample else {
                // `live` sends the declaration's sample: one written as `try? JSONDecoder().decode`
                // of JSON that does not fit the type is nil, which says nothing at run time.
                throw invalid(
                    "(body)",
                    "is required (\(declared.typeName)) but missing: none was given and the declaration has no sample "
                        + "(a sample decoded with try? from JSON that does not fit \(declared.typeName) is none)")
            }
            for input in declared.inputs {
                guard let value = values[input.name] else {
                    if input.required {
                        throw invalid(
                            input.name, "is required (\(input.type.rawValue), an input of the \(declared.typeName) body) but missing")
                    }
                    continue
                }
                if input.list != nil, case .list = value { accepted[input.name] = value; continue }
                guard let typed = input.type.accept(value) else {
                    let shown = input.secret ? Redactor.mask : "\"\(value.text)\""
                    throw invalid(input.name, "expects \(input.type.rawValue), got \(value.kindName) \(shown)")
                }
                accepted[input.name] = typed
            }
        }
        do throws(RequestBody.BodyError) {
            var document = JSONValue.null
            if let given {
                document = try declared.json(of: given, dates: api.dates)
            } else if let sample = try declared.sample(accepted, dates: api.dates) {
                document = sample
            }
            return try declared.wire(document)
        } catch {
            throw invalid("(body)", error.description)
        }
    }
}
