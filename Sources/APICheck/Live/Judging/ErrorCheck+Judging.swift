import Foundation

extension ErrorCheck {
    /// What is wrong with the answer to this check, judged by the declarations, never by the
    /// mock's text: the status must be the declared one, the answer a failure (not a success, a
    /// dead token or a forced logout), its body in the API's error shape (or a failure envelope),
    /// its code the declared one when one is declared. Each finding names the scenario, and the
    /// JSONPath where the code is read.
    func findings(endpoint: AnyEndpoint, status answered: Int, body: Data, classification: Classification?, rules: AnswerRules) -> [Finding]
    {
        let codePath = Self.codePath(status: answered, body: body, rules: rules)
        var findings: [Finding] = []
        func finding(_ path: JSONPath?, expected: String, found: String, _ message: String) {
            findings.append(
                Finding(
                    kind: .errorCheck, severity: .error, endpoint: endpoint.id, path: path, expected: expected,
                    found: found, message: "scenario '\(scenario)' (\(inputDescription)): " + message))
        }
        if answered != status {
            finding(
                nil, expected: "HTTP \(status)", found: "HTTP \(answered)",
                "answered with HTTP \(answered); the error check declares \(status)")
        }
        let shape =
            rules.errors.map { "an error body with its code at \($0.codePath)" }
            ?? rules.envelope.map { "a failure envelope with its code at \($0.codePath)" }
        switch classification {
        case .success?:
            finding(
                codePath, expected: expectedDescription, found: "success (HTTP \(answered))",
                "the input was accepted with a success where the declaration expects a failure")
        case let .failure(found, _)?:
            if let code, found != code {
                finding(codePath, expected: "code \(code)", found: "code \(found)", "answered another failure than the one declared")
            }
        case .tokenExpired?, .forcedLogout?:
            finding(
                codePath, expected: expectedDescription, found: classification!.name,
                "answered as if the token were dead, not with the failure declared")
        case let .broken(reason)?:
            // Without a declared error shape or envelope, a failure is told by its status alone.
            guard let shape else { break }
            // An error the endpoint declares in a type that is not JSON (`answeringErrors(_:in:)`)
            // is its message alone, in no JSON shape: answered in that type, it is the failure.
            if case let .http(_, contentType, _) = reason,
                endpoint.answersInDeclaredErrorType(answered, contentType.flatMap(MediaType.init))
            {
                break
            }
            var path = codePath
            var found: String
            switch reason {
            case let .envelopeMalformed(failure):
                path = failure.path
                found = failure.found
            case .http, .notJSON, .emptyBody:
                found = Self.foundCode(in: body, at: codePath)
            default:
                found = reason.kind.rawValue
            }
            finding(path, expected: shape, found: found, "the answer's body is not in the API's error shape")
        case nil:
            break
        }
        return findings
    }

    /// Where this answer's code is read, as classification reads it: for an error status, the error
    /// shape's path when the body is in that shape, else the envelope's when it has a code there
    /// (a failure envelope beside an API-wide error shape); for a 2xx, the envelope's.
    private static func codePath(status: Int, body: Data, rules: AnswerRules) -> JSONPath? {
        guard !(200..<300).contains(status), let errors = rules.errors else { return rules.envelope?.codePath ?? rules.errors?.codePath }
        let document = try? JSONParser.parse(body)
        if let document, errors.read(document) != nil { return errors.codePath }
        if let envelope = rules.envelope, document?.value(at: envelope.codePath) != nil { return envelope.codePath }
        return errors.codePath
    }

    /// What sits where the code should: the kind of value, `absent`, or `not JSON`.
    private static func foundCode(in body: Data, at path: JSONPath?) -> String {
        guard let document = try? JSONParser.parse(body) else { return body.isEmpty ? "an empty body" : "not JSON" }
        guard let path, let value = document.value(at: path) else { return "absent" }
        return value.kindName
    }
}
