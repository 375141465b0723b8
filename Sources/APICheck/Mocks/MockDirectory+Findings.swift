import Foundation

extension MockDirectory {
    /// Files no declared endpoint uses, one finding per mock name: an endpoint declared with
    /// `static let` but left out of `API(endpoints:)` leaves exactly its success file and variants
    /// unused, and the finding says so, naming the mock name to look for.
    public func orphanFindings() -> [Finding] {
        let used = Set(api.endpoints.map(\.mock))
        var findings: [Finding] = []
        var unused: [String: [String]] = [:]
        for name in entryNames {
            if let file = MockFileName(fileName: name) {
                if !used.contains(file.mock) { unused[file.mock, default: []].append(name) }
            } else {
                findings.append(
                    Finding(
                        kind: .orphanMock, severity: .error, endpoint: nil,
                        message: "\(name) is not a mock file (mocks are named <mock>[@<scenario>[.<status>]].json) "
                            + "and no declared endpoint uses it", file: path(named: name)))
            }
        }
        let fileNames = Set(entryNames)
        for name in headerFileNames.sorted() where !fileNames.contains(name) {
            findings.append(
                Finding(
                    kind: .mockHeaders, severity: .error, endpoint: nil,
                    message: "\(MockHeaders.folder)/\(name) holds the headers of \(name), which is not in the mocks folder",
                    file: path(named: MockHeaders.folder + "/" + name)))
        }
        for (mock, names) in unused {
            let first = names.first { $0 == mock + ".json" } ?? names[0]
            var message =
                names.count == 1
                ? "\(first) is not used by any declared endpoint"
                : "\(names.count) files (\(names.joined(separator: ", "))) are not used by any declared endpoint"
            message += ": no endpoint in the \(api.name) API's endpoints: list has mock: \"\(mock)\""
            if let near = NameSuggestion.nearest(mock, in: api.endpoints.map(\.mock)),
                let owner = api.endpoints.first(where: { $0.mock == near })
            {
                message += " (did you mean \"\(near)\" of \(owner.id)?)"
            } else {
                message += "; an Endpoint declared with that mock but left out of the list would explain it"
            }
            findings.append(Finding(kind: .orphanMock, severity: .error, endpoint: nil, message: message, file: path(named: first)))
        }
        for (file, answering) in shadowed where used.contains(file.mock) {
            findings.append(
                Finding(
                    kind: .orphanMock, severity: .error, endpoint: nil,
                    message: "\(file) is never replayed: \(answering) answers the same variant \(file.variantName); keep one",
                    file: path(of: file)))
        }
        return findings.sorted { ($0.file ?? "") < ($1.file ?? "") }
    }

    /// What is wrong with the files of headers of an endpoint's mocks (`MockHeaders`): a file
    /// that is broken, and a success mock answered without a header the endpoint declares.
    public func headerFindings(of endpoint: AnyEndpoint) -> [Finding] {
        files(of: endpoint).flatMap { headerFindings(of: $0, endpoint: endpoint) }
    }

    /// The same for one mock file: what `serve` checks an edited file of headers against.
    public func headerFindings(of file: MockFileName, endpoint: AnyEndpoint) -> [Finding] {
        switch headers(of: file) {
        case let .failure(problem):
            return [
                Finding(
                    kind: .mockHeaders, severity: .error, category: .harness, endpoint: endpoint.id, path: problem.path,
                    message: problem.message, file: problem.file)
            ]
        case let .success(headers) where file.scenario == nil && !endpoint.answerHeaders.isEmpty:
            let missing = endpoint.answerHeaders.filter { name in
                !headers.contains { HeaderName.same($0.name, name) }
            }
            guard !missing.isEmpty else { return [] }
            let sidecar = MockHeaders.folder + "/" + file.description
            return [
                Finding(
                    kind: .mockHeaders, severity: .error, category: .harness, endpoint: endpoint.id,
                    expected: missing.joined(separator: ", "), found: "absent",
                    message: "\(file) is answered without \(missing.joined(separator: ", ")), which \(endpoint.id) declares "
                        + "the app reads: record it, or give its value in \(sidecar)",
                    file: path(named: sidecar))
            ]
        case .success:
            return []
        }
    }

    /// Variants of `endpoint` whose scenario it does not declare (`topics@typo.json`): nothing
    /// requires them, so a misspelt name would otherwise sit there unnoticed.
    public func undeclaredScenarioFindings(of endpoint: AnyEndpoint) -> [Finding] {
        var standard = [ScenarioName.logout, ScenarioName.expired]
        if endpoint.sessionEffect == .refreshes { standard.append(ScenarioName.refused) }
        let declared = endpoint.scenarios + standard
        return files(of: endpoint).compactMap { file -> Finding? in
            guard let scenario = file.scenario, !declared.contains(scenario) else { return nil }
            var message =
                "scenario '\(scenario)' is not declared for \(endpoint.id) ("
                + (endpoint.scenarios.isEmpty
                    ? "it declares none" : "it declares " + endpoint.scenarios.map { "'\($0)'" }.joined(separator: ", "))
                + "; the standard ones are " + standard.map { "'\($0)'" }.joined(separator: " and ") + ")"
            if let near = NameSuggestion.nearest(scenario.rawValue, in: declared.map(\.rawValue)) {
                message += "; did you mean '\(near)'?"
            } else {
                message += "; add it to the endpoint's scenarios: or rename the file"
            }
            return Finding(
                kind: .undeclaredScenario, severity: .error, endpoint: endpoint.id,
                expected: declared.map(\.rawValue).joined(separator: ", "), found: scenario.rawValue, message: message, file: path(of: file)
            )
        }
    }
}
