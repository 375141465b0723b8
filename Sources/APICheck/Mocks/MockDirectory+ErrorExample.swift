extension MockDirectory {
    /// One of the API's own error answers, for what `serve` and the mock tier answer themselves in
    /// the API's error shape: the first failure variant (by file name) with an error status whose
    /// body the API's `ErrorShape` reads, with that status, as every error of the API carries it
    /// (`errorShape(of:among:)`); else what the declarations say one holds
    /// (`API.declaredErrorExample`). Nil when the API declares no error shape, or neither the
    /// mocks nor the declarations say more than it.
    public func errorExample() -> (document: JSONValue, status: Int)? {
        guard let errors = api.errors, errors != .problemJSON else { return nil }
        var examples: [(document: JSONValue, status: Int)] = []
        for file in files.sorted(by: { $0.description < $1.description }) where file.scenario != nil {
            let status = status(of: file)
            guard status >= 400, case let .success(document) = document(of: file), errors.read(document) != nil else { continue }
            examples.append((document, status))
        }
        guard let first = examples.first else { return api.declaredErrorExample() }
        return (errorShape(of: first, among: examples, errors: errors), first.status)
    }

    /// `example` without what is that one error's: an answer written like it is another error, and
    /// must not carry the example's class or detail (MLflow's `"error_class": "RESOURCE_NOT_FOUND"`
    /// beside its 404's code would contradict a refusal's 400). Kept as they are: the code and the
    /// message (each answer writes its own), the envelope's failure code, what follows the status
    /// (`"code": 404`, `"error": "Not Found"`, which `ErrorShape.body` moves to the answer's), flags
    /// and nulls, and a value the failure mocks of two codes or more share (the API's own). Every
    /// other string is emptied, number zeroed and array emptied: the members stay, so an app that
    /// decodes them still does, but say nothing. An array the code or message sits in (the
    /// registry's `$.errors[0].code`) keeps its elements up to the one they sit in, shaped alike,
    /// so the answer's code and message have their place.
    func errorShape(
        of example: (document: JSONValue, status: Int), among examples: [(document: JSONValue, status: Int)], errors: ErrorShape
    ) -> JSONValue {
        let codes = Set(examples.compactMap { errors.read($0.document)?.code })
        let others = codes.count > 1 ? examples.dropFirst().map(\.document) : []
        let envelope = api.envelope.flatMap { $0.codePath == errors.codePath ? nil : $0 }
        let phrase = ErrorShape.reasonPhrase(example.status)
        let written = [errors.codePath, errors.messagePath]
        func shaped(_ value: JSONValue, at path: JSONPath) -> JSONValue {
            if written.contains(where: { Self.path(path, reaches: $0) }) { return value }
            if let envelope, path == envelope.codePath {
                if let code = EnvelopeCode(value), envelope.failureCodes.contains(code) { return value }
                return envelope.aFailureCode?.json ?? value
            }
            if !others.isEmpty, others.allSatisfy({ $0.value(at: path) == value }) { return value }
            switch value {
            case let .object(members):
                return .object(members.map { ($0.key, shaped($0.value, at: path.appending($0.key))) })
            case let .number(text):
                return Int(text) == example.status ? value : .number("0")
            case let .string(text):
                let followsStatus = text == String(example.status) || phrase.map { text.caseInsensitiveCompare($0) == .orderedSame } == true
                return followsStatus ? value : .string("")
            case let .array(items):
                let places = written.compactMap { Self.place(after: path, toward: $0) }
                guard let last = places.max() else { return .array([]) }
                return .array(items.prefix(last + 1).enumerated().map { shaped($0.element, at: path.appending(index: $0.offset)) })
            case .bool, .null:
                return value
            }
        }
        return shaped(example.document, at: .root)
    }

    /// Whether the concrete `path` is `target`, where `[*]` in `target` stands for any index.
    static func path(_ path: JSONPath, reaches target: JSONPath) -> Bool {
        path.components.count == target.components.count
            && zip(path.components, target.components).allSatisfy { step, wanted in
                if case .index = step, wanted == .anyIndex { return true }
                return step == wanted
            }
    }

    /// The index `target` takes in the array at `path` when it passes through it (`[*]` takes the
    /// first); nil when it does not.
    static func place(after path: JSONPath, toward target: JSONPath) -> Int? {
        guard target.components.count > path.components.count else { return nil }
        let head = JSONPath(Array(target.components.prefix(path.components.count)))
        guard Self.path(path, reaches: head) else { return nil }
        switch target.components[path.components.count] {
        case let .index(index): return index
        case .anyIndex: return 0
        default: return nil
        }
    }
}
