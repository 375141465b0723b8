/// Operations that answer 202 Accepted with a reference to a task that does the work later (Pulp's
/// `{"task": "/pulp/api/v3/tasks/…/"}`, a `job_id`, an `Operation-Location` header). `live` judges
/// the 202 by its status and body as it judges any answer, and follows no task: a task that fails
/// after the 202 is a success to it. One note for the document names them, so the user knows
/// what a passed 202 says and checks the task's outcome where it matters.
enum AsyncAnswerHint {
    /// Members of an answer that name the task (lowercased, no separators).
    static let taskNames: Set = [
        "task", "taskhref", "taskid", "taskurl", "tasks", "job", "jobid", "jobhref", "joburl", "operation", "operationid",
        "operationurl", "statusurl", "monitor",
    ]
    /// Headers that name it.
    static let taskHeaders: Set = ["location", "operation-location", "azure-asyncoperation"]

    static func note(source: OpenAPISource) -> ImportNote? {
        var named: [String] = []
        var first: [String]?
        for (path, item) in OpenAPISource.members(source.root["paths"]) {
            for method in EndpointWriter.methods {
                guard let operation = item[method], let accepted = operation["responses"]?["202"].flatMap({ source.resolve($0) }),
                    let reference = reference(in: accepted, source: source)
                else { continue }
                named.append((OpenAPISource.string(operation["operationId"]) ?? "\(method.uppercased()) \(path)") + " (\(reference))")
                if first == nil { first = ["paths", path, method, "responses", "202"] }
            }
        }
        guard let first else { return nil }
        let shown = named.prefix(5).joined(separator: ", ") + (named.count > 5 ? " and \(named.count - 5) more" : "")
        return ImportNote(
            .notMapped, at: OpenAPISource.location(first),
            "\(named.count) operation\(named.count == 1 ? " answers" : "s answer") 202 with a reference to a task that does the "
                + "work later: \(shown); live judges a 202 by its status and body alone and does not follow the task, so an "
                + "operation whose task fails later passes (docs/live.md, \"An accepted answer\"): check the task's outcome "
                + "with its own read where it matters")
    }

    /// `$.task`, or the header, that names the task; nil when the answer names none.
    private static func reference(in answer: JSONValue, source: OpenAPISource) -> String? {
        if let header = OpenAPISource.members(answer["headers"]).first(where: { taskHeaders.contains($0.key.lowercased()) }) {
            return header.key + " header"
        }
        guard let (_, media) = SuccessAnswer.content(of: answer, status: 202).flatMap(SuccessAnswer.jsonMedia),
            let schema = media["schema"]
        else { return nil }
        let property = source.properties(of: schema).first { taskNames.contains(MemberName.folded($0.key)) }
        return property.map { "$." + $0.key }
    }
}
