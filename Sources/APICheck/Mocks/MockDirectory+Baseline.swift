import Foundation

extension MockDirectory {
    /// The drift baseline of `endpoint`, worked out once from its success mock and kept for the
    /// rest of the run. A missing, oversized or broken mock is an error value, not a crash.
    public func baseline(for endpoint: AnyEndpoint) -> Result<MockBaseline, MockBaselineError> {
        guard let file = file(of: endpoint), let slot = slot(file) else {
            return .failure(MockBaselineError(file: path(named: endpoint.mock + ".json"),
                                              message: "no mock \(endpoint.mock).json to compare with"))
        }
        let path = path(of: file)
        return slot.baseline(endpoint.id) { document in
            switch document {
            case let .success(document):
                return .success(MockBaseline(endpoint: endpoint, document: document, file: path, api: api))
            case let .failure(error):
                let message = switch error.reason {
                case .notJSON: "mock is \(error.message)"
                default: "mock \(error.message)"
                }
                // A live `not-json` finding is about the answer; a broken mock stays `missing-mock` here.
                let kind: FindingKind = error.kind == .notJSON ? .missingMock : error.kind
                return .failure(MockBaselineError(file: path, message: message, kind: kind))
            }
        }
    }

    /// The codes with which the login refuses credentials, as its failure variants show them
    /// (`login@wrong_password.json`: 10002; an error body's `"M_FORBIDDEN"`). Empty when it has
    /// none: then any failure counts.
    public func refusalCodes(of login: AnyEndpoint) -> Set<EnvelopeCode> {
        var codes: Set<EnvelopeCode> = []
        let rules = api.rules(for: login)
        for file in files(of: login) {
            guard let scenario = file.scenario, scenario != MockScenario.logout, scenario != MockScenario.expired,
                  case let .success(document) = document(of: file), let code = rules.failureCode(in: document) else { continue }
            codes.insert(code)
        }
        return codes
    }
}
