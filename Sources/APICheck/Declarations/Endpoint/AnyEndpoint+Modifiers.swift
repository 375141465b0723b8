/// The declaration's modifiers: each gives the same endpoint with one thing more declared.
extension AnyEndpoint {
    /// The same endpoint, whose success may also come with these statuses.
    func alsoSucceeding(with statuses: [Int]) -> AnyEndpoint {
        var others = Array(successStatuses.dropFirst())
        for status in statuses where status != successStatus && !others.contains(status) { others.append(status) }
        return copy(otherSuccessStatuses: others.sorted())
    }

    /// The same endpoint, checked after these when they are in the run.
    func ordered(after ids: [String]) -> AnyEndpoint {
        copy(orderedAfter: orderedAfter + ids.filter { !orderedAfter.contains($0) })
    }

    /// The same endpoint, declared to change nothing.
    func readingOnly() -> AnyEndpoint { copy(readingOnly: true) }

    /// The same endpoint, declared to end or change the identity it is called as.
    func endingIdentity() -> AnyEndpoint { copy(namedOnly: .endsIdentity) }

    /// The same endpoint, declared to change global state with nothing to name.
    func changingGlobalState() -> AnyEndpoint { copy(namedOnly: .changesGlobalState) }

    /// The same endpoint, declared to write to an object the run did not create.
    func actingOnExisting() -> AnyEndpoint { copy(namedOnly: .actsOnExisting) }

    /// The same endpoint, whose success may also come with an empty body.
    func acceptingEmptyBody() -> AnyEndpoint { copy(acceptsEmptyBody: true) }

    /// The same endpoint, whose success may also be bytes in a media type that is not JSON.
    func acceptingBytes() -> AnyEndpoint { copy(acceptsBytes: true) }

    /// The same endpoint, whose answers `record` keeps as the server sent them.
    func recordingVerbatim() -> AnyEndpoint { copy(recordsVerbatim: true) }

    /// The same endpoint, whose successes carry these headers too (names kept as first declared).
    func answeringErrors(_ statuses: [Int], in mediaType: MediaType) -> AnyEndpoint {
        var types = errorMediaTypes
        for status in statuses { types[status] = mediaType }
        return copy(errorMediaTypes: types)
    }

    func answering(headers names: [String]) -> AnyEndpoint {
        var kept = answerHeaders
        for name in names where !kept.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { kept.append(name) }
        return copy(answerHeaders: kept)
    }

    /// The same endpoint, whose answers hold secrets at these JSONPaths too.
    public func redacting(_ paths: [JSONPath]) -> AnyEndpoint { copy(secretPaths: secretPaths + paths) }

    /// The same endpoint, paged as `paging` says: what `paging:` declares, given after the
    /// declaration (an imported package's `adjusted(_:)` pages an endpoint the import declared).
    public func paged(_ paging: Paging) -> AnyEndpoint { copy(paging: paging) }

    /// The same endpoint with `parameter` declared, in place of the one of its name and place:
    /// an imported package's `adjusted(_:)` gives a list's size a sample so that `live` reads more
    /// than one page (`$0.declaring(.query("limit", .int, sample: .literal(2)))`), or adds a header
    /// the document leaves out.
    public func declaring(_ parameter: Parameter) -> AnyEndpoint {
        var parameters = parameters
        if let index = parameters.firstIndex(where: { $0.name == parameter.name && $0.location == parameter.location }) {
            parameters[index] = parameter
        } else {
            parameters.append(parameter)
        }
        return copy(parameters: parameters)
    }
}
