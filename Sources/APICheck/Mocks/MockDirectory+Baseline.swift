import Foundation

extension MockDirectory {
    /// The drift baseline of `endpoint`, worked out once from its success mock and kept for the
    /// rest of the run. A missing, oversized or broken mock is an error value, not a crash.
    public func baseline(for endpoint: AnyEndpoint) -> Result<MockBaseline, MockBaselineError> {
        guard let file = file(of: endpoint), let slot = slot(file) else {
            return .failure(
                MockBaselineError(
                    file: path(named: endpoint.mock + ".json"),
                    message: "no mock \(endpoint.mock).json to compare with"))
        }
        let path = path(of: file)
        return slot.baseline(endpoint.id) { read, data in
            // An empty file is the empty body of an endpoint that answers nothing, as `mocks`
            // reads it (`document(of:answering:)`): null, not a broken mock.
            let emptyBody = endpoint.acceptsEmptyBody && ((try? data.get()).map(MockDirectory.isBlank) ?? false)
            let document = emptyBody && (try? read.get()) == nil ? .success(.null) : read
            switch document {
            case let .success(document):
                var baseline = successVariants(of: endpoint).reduce(
                    MockBaseline(endpoint: endpoint, document: document, file: path, api: api)
                ) {
                    $0.merged(with: MockBaseline(endpoint: endpoint, document: $1, file: path, api: api))
                }
                if !madeUp.isEmpty, case let .success(bytes) = data { baseline.madeUp = madeUp.isMadeUp(file.description, data: bytes) }
                return .success(baseline)
            case let .failure(error):
                let message =
                    switch error.reason {
                    case .notJSON: "mock is \(error.message)"
                    default: "mock \(error.message)"
                    }
                // A live `not-json` finding is about the answer; a broken mock stays `missing-mock` here.
                let kind: FindingKind = error.kind == .notJSON ? .missingMock : error.kind
                return .failure(MockBaselineError(file: path, message: message, kind: kind))
            }
        }
    }

    /// The documents of the endpoint's named scenarios that are successes too (another branch of a
    /// sum-typed payload, an empty page): the baseline is the union of every shape the mocks show.
    private func successVariants(of endpoint: AnyEndpoint) -> [JSONValue] {
        let rules = api.rules(for: endpoint)
        return files(of: endpoint).compactMap { file -> JSONValue? in
            guard let scenario = file.scenario, scenario != ScenarioName.logout, scenario != ScenarioName.expired,
                file.status.map({ (200..<300).contains($0) }) ?? true,
                case let .success(document) = document(of: file), case let .success(data) = data(of: file),
                case .success = Classification.of(
                    status: status(of: file), contentType: nil, body: data, parsed: document,
                    rules: rules, redactor: api.makeRedactor()
                ).0
            else { return nil }
            return document
        }
    }

    /// The codes with which the login refuses credentials, as its failure variants show them
    /// (`login@wrong_password.json`: 10002; an error body's `"M_FORBIDDEN"`). Empty when it has
    /// none: then any failure counts.
    public func refusalCodes(of login: AnyEndpoint) -> Set<EnvelopeCode> {
        var codes: Set<EnvelopeCode> = []
        let rules = api.rules(for: login)
        for file in files(of: login) {
            guard let scenario = file.scenario, scenario != ScenarioName.logout, scenario != ScenarioName.expired,
                case let .success(document) = document(of: file), let code = rules.failureCode(in: document)
            else { continue }
            codes.insert(code)
        }
        return codes
    }
}
