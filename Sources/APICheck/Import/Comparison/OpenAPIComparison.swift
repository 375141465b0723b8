import Foundation

/// `import-openapi --check`'s comparison: the OpenAPI 3 document a package was imported from
/// against a newer one (both as the import reads them, a Swagger 2.0 one converted first), as
/// the differences the generated client would meet. Operations are matched by method and path
/// (path parameters' names aside), parameters by place and name, answers by status; a path
/// parameter renamed in its place is one parameter renamed, which the client does not notice.
public struct OpenAPIComparison: Sendable {
    public let old: JSONValue
    public let new: JSONValue
    /// The start of the package's variable names (`PREFECT`), to name a renamed path parameter's
    /// sample variable; nil: named without it.
    public let variablePrefix: String?

    public init(old: JSONValue, new: JSONValue, variablePrefix: String? = nil) {
        self.old = old
        self.new = new
        self.variablePrefix = variablePrefix
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    struct Operation {
        var key: String
        var method: String
        var path: String
        var shown: String
        var operation: JSONValue
        var parameters: [JSONValue]
    }

    /// Every difference, operations in the newer document's order, then those it removed. An
    /// operation the import leaves out (`SuccessAnswer.omission`) is none of the package's: what
    /// changes in it is no change of the client, unless the newer document makes it declarable
    /// or an operation the package declares stops being so.
    public func changes() -> [OpenAPIChange] {
        let oldSource = OpenAPISource(root: old)
        let newSource = OpenAPISource(root: new)
        let oldOperations = Self.operations(old)
        let newOperations = Self.operations(new)
        var schemas = SchemaComparison(old: oldSource, new: newSource)
        var shared = SharedParameters()
        var changes: [OpenAPIChange] = []
        let oldShapes = Dictionary(grouping: oldOperations, by: \.key)
        let newShapes = Dictionary(grouping: newOperations, by: \.key)
        let login = Self.login(in: oldSource, variablePrefix: variablePrefix)
        for operation in newOperations {
            let newAnswer = SuccessAnswer(of: operation.operation, in: newSource)
            guard let before = Self.counterpart(of: operation, among: oldShapes[operation.key] ?? []) else {
                if newAnswer?.omission == nil {
                    changes.append(OpenAPIChange(.operationAdded, breaking: false, subject: operation.shown, "added"))
                }
                continue
            }
            let oldAnswer = SuccessAnswer(of: before.operation, in: oldSource)
            if oldAnswer?.omission == nil, newAnswer?.omission == nil {
                let logsIn = login?.isOperation(method: before.method, path: before.path) == true
                changes += compare(
                    before, operation, logsIn: logsIn, schemas: &schemas, shared: &shared, oldSource: oldSource, newSource: newSource)
            } else if let change = Self.declarationChange(operation.shown, old: oldAnswer, new: newAnswer) {
                changes.append(change)
            }
        }
        for operation in oldOperations
        where Self.counterpart(of: operation, among: newShapes[operation.key] ?? []) == nil
            && SuccessAnswer(of: operation.operation, in: oldSource)?.omission == nil
        {
            changes.append(
                OpenAPIChange(
                    .operationRemoved, breaking: true, subject: operation.shown,
                    "removed: the client's endpoint has no counterpart"))
        }
        return shared.listed(changes + schemas.changes)
    }

    private func compare(
        _ before: Operation, _ after: Operation, logsIn: Bool, schemas: inout SchemaComparison, shared: inout SharedParameters,
        oldSource: OpenAPISource, newSource: OpenAPISource
    ) -> [OpenAPIChange] {
        var changes: [OpenAPIChange] = []
        let subject = after.shown
        // An operation without an operationId is named after its method and path, which the
        // package's own export then writes as its operationId: the same name, no change.
        let oldID = OpenAPISource.operationID(before.operation, method: before.method, path: before.path)
        let newID = OpenAPISource.operationID(after.operation, method: after.method, path: after.path)
        if oldID != newID {
            let shownID = { (operation: JSONValue, id: String) in OpenAPISource.string(operation["operationId"]) ?? "(none: \(id))" }
            changes.append(
                OpenAPIChange(
                    .operationRenamed, breaking: true, subject: subject,
                    "operationId \(shownID(before.operation, oldID)) became \(shownID(after.operation, newID)): "
                        + "re-importing renames the endpoint, its property and its mock"))
        }
        let oldToken = Self.requiresToken(before.operation, root: old)
        let newToken = Self.requiresToken(after.operation, root: new)
        if oldToken != newToken {
            changes.append(
                newToken
                    ? OpenAPIChange(.tokenRequired, breaking: true, subject: subject, "now requires a token: the client does not send one")
                    : OpenAPIChange(.tokenNoLongerRequired, breaking: false, subject: subject, "no longer requires a token"))
        }

        // Parameters.
        let oldParameters = before.parameters.compactMap { oldSource.resolve($0) }
        let newParameters = after.parameters.compactMap { newSource.resolve($0) }
        var renamed: [JSONValue] = []
        for written in after.parameters {
            guard let parameter = newSource.resolve(written) else { continue }
            let part = Self.parameterName(parameter)
            let required = OpenAPISource.bool(parameter["required"]) || OpenAPISource.string(parameter["in"]) == "path"
            var match = oldParameters.first(where: { Self.sameParameter($0, parameter) })
            if match == nil, let (counterpart, change) = renamedPathParameter(parameter, before: before, after: after, among: oldParameters)
            {
                changes.append(change)
                renamed.append(counterpart)
                match = counterpart
            }
            guard let counterpart = match else {
                if declaredFromPlaceholder(parameter, before: before, after: after, among: oldParameters) {
                    changes.append(
                        OpenAPIChange(
                            .parameterAdded, breaking: false, subject: subject, part: part,
                            "described now: the package already declares and sends it, from the path's placeholder as a String"))
                    continue
                }
                changes.append(
                    OpenAPIChange(
                        .parameterAdded, breaking: required, subject: subject, part: part,
                        required ? "added, required: the client does not send it" : "added, optional"))
                continue
            }
            // A component both versions use is compared at its first use and listed under it.
            var listedUnder = subject
            if let component = shared.subject(of: written, before: before.parameters) {
                guard component.first else { continue }
                listedUnder = component.subject
            }
            let wasRequired = OpenAPISource.bool(counterpart["required"]) || OpenAPISource.string(counterpart["in"]) == "path"
            if wasRequired != required {
                changes.append(
                    required
                        ? OpenAPIChange(
                            .madeRequired, breaking: true, subject: listedUnder, part: part, "made required: the client may leave it out")
                        : OpenAPIChange(.madeOptional, breaking: false, subject: listedUnder, part: part, "made optional"))
            }
            schemas.compare(
                Self.declaredSchema(ofParameter: counterpart, in: oldSource), Self.declaredSchema(ofParameter: parameter, in: newSource),
                direction: .request,
                subject: listedUnder, part: part, root: "", neverNull: true)
        }
        for parameter in oldParameters
        where !newParameters.contains(where: { Self.sameParameter($0, parameter) })
            && !renamed.contains(parameter)
        {
            changes.append(
                OpenAPIChange(
                    .parameterRemoved, breaking: false, subject: subject, part: Self.parameterName(parameter),
                    "removed: the server no longer reads it"))
        }

        changes += compareBody(before, after, logsIn: logsIn, schemas: &schemas, oldSource: oldSource, newSource: newSource)

        // Answers.
        let oldResponses = OpenAPISource.members(before.operation["responses"])
        let newResponses = OpenAPISource.members(after.operation["responses"])
        let oldSuccess = Self.successKey(oldResponses.map(\.key))
        let newSuccess = Self.successKey(newResponses.map(\.key))
        if oldSuccess != newSuccess {
            changes.append(
                OpenAPIChange(
                    .successStatusChanged, breaking: true, subject: subject,
                    "the success answer \(oldSuccess ?? "(none)") became \(newSuccess ?? "(none)"): the client expects \(oldSuccess ?? "none")"
                ))
        } else if let key = newSuccess,
            let oldAnswer = oldResponses.first(where: { $0.key == key }).flatMap({ oldSource.resolve($0.value) }),
            let newAnswer = newResponses.first(where: { $0.key == key }).flatMap({ newSource.resolve($0.value) })
        {
            let part = "response \(key)"
            let status = Int(key) ?? 200
            let oldSchema = Self.declaredSchema(ofAnswer: oldAnswer, status: status, method: before.method)
            let newSchema = Self.declaredSchema(ofAnswer: newAnswer, status: status, method: after.method)
            switch (oldSchema, newSchema) {
            case let (before?, after?):
                schemas.compare(before, after, direction: .response, subject: subject, part: part)
            case (_?, nil):
                changes.append(
                    OpenAPIChange(
                        .contentChanged, breaking: true, subject: subject, part: part,
                        "no longer JSON: the client decodes a JSON answer"))
            case (nil, _?):
                let bytes = Self.bytesTypes(oldAnswer) != nil
                changes.append(
                    OpenAPIChange(
                        .contentChanged, breaking: false, subject: subject, part: part,
                        bytes ? "now JSON: the client takes it as bytes, unchecked" : "now has a JSON body: the client reads none"))
            case (nil, nil):
                if let change = Self.bytesChange(old: oldAnswer, new: newAnswer, subject: subject, part: part) { changes.append(change) }
            }
        }
        for (key, answer) in newResponses where key != newSuccess && !oldResponses.contains(where: { $0.key == key }) {
            guard Self.declaresSomething(ofAnswer: key, answer, in: newSource) else { continue }
            changes.append(OpenAPIChange(.statusAdded, breaking: false, subject: subject, part: "response \(key)", "added"))
        }
        for (key, answer) in oldResponses where key != oldSuccess && !newResponses.contains(where: { $0.key == key }) {
            guard Self.declaresSomething(ofAnswer: key, answer, in: oldSource) else { continue }
            changes.append(OpenAPIChange(.statusRemoved, breaking: false, subject: subject, part: "response \(key)", "removed"))
        }
        return changes
    }

    /// A path parameter the older document names otherwise in the same place of the same path
    /// (`/flows/{id}` → `/flows/{flow_id}`): the client fills the placeholder by place, so it
    /// still calls the same URL; re-importing renames the parameter and, when the document gives
    /// it no example, the variable its sample reads. Compatible, and listed with both variables.
    private func renamedPathParameter(_ parameter: JSONValue, before: Operation, after: Operation, among oldParameters: [JSONValue])
        -> (JSONValue, OpenAPIChange)?
    {
        guard OpenAPISource.string(parameter["in"]) == "path", let name = OpenAPISource.string(parameter["name"]),
            let index = Self.placeholders(after.path).firstIndex(of: name)
        else { return nil }
        let oldNames = Self.placeholders(before.path)
        guard index < oldNames.count, oldNames[index] != name,
            let counterpart = oldParameters.first(where: {
                OpenAPISource.string($0["in"]) == "path" && OpenAPISource.string($0["name"]) == oldNames[index]
            })
        else { return nil }
        let prefix = variablePrefix ?? "<NAME>"
        // Named over each document's every path, as the import names them.
        let oldVariable = PathVariableNames(source: OpenAPISource(root: old), prefix: prefix)
            .name(prefix: prefix, parameter: oldNames[index], path: before.path)
        let newVariable = PathVariableNames(source: OpenAPISource(root: new), prefix: prefix)
            .name(prefix: prefix, parameter: name, path: after.path)
        let variable =
            oldVariable == newVariable
            ? "its sample variable stays $\(newVariable)"
            : "re-importing renames its sample variable $\(oldVariable) to $\(newVariable) (set that one for live)"
        return (
            counterpart,
            OpenAPIChange(
                .parameterRenamed, breaking: false, subject: after.shown, part: Self.parameterName(parameter),
                "renamed from '\(oldNames[index])' in the same place of the path: the client still calls the same URL; \(variable)")
        )
    }

    /// A path parameter the older document gave no parameter the import could read (none, or a
    /// reference that led nowhere) in the same place of the path: the import declared it from the
    /// placeholder, a `String`, so the client already sends it.
    private func declaredFromPlaceholder(_ parameter: JSONValue, before: Operation, after: Operation, among oldParameters: [JSONValue])
        -> Bool
    {
        guard OpenAPISource.string(parameter["in"]) == "path", let name = OpenAPISource.string(parameter["name"]),
            let index = Self.placeholders(after.path).firstIndex(of: name)
        else { return false }
        let oldNames = Self.placeholders(before.path)
        guard index < oldNames.count else { return false }
        return !oldParameters.contains {
            OpenAPISource.string($0["in"]) == "path" && OpenAPISource.string($0["name"]) == oldNames[index]
        }
    }

    /// The placeholders' names of a path template, in order: `/a/{x}/b/{y}` → x, y.
    private static func placeholders(_ path: String) -> [String] {
        path.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }
}
