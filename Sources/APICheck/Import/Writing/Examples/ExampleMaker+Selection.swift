extension ExampleMaker {
    /// Words that name a member selecting the rows a write acts on: a filter, a selector, criteria.
    static let selectingWords = ["filter", "selector", "criteria"]

    /// Whether an optional member of a request body selects what the request acts on (Prefect's
    /// `flow_runs: FlowRunFilter | null` beside the `state` that `POST /flow_runs/bulk_set_state`
    /// requires): its name, or a component it refers to, is a filter's, or it is `where`. Such a
    /// member is made though the body's required members alone would be: left out, a bulk write
    /// acts on every row (a made-up state was set on every flow run of the server), while a filter
    /// made up from the schema matches none.
    func selectsRows(_ key: String, _ property: JSONValue) -> Bool {
        guard purpose == .request else { return false }
        if key.lowercased() == "where" || Self.namesSelection(key) { return true }
        let branches = ["anyOf", "oneOf", "allOf"].flatMap { OpenAPISource.array(property[$0]) }
        return ([property] + branches).contains { schema in
            OpenAPISource.string(schema["$ref"]).map { Self.namesSelection(String($0.split(separator: "/").last ?? "")) } ?? false
        }
    }

    private static func namesSelection(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return selectingWords.contains { lowered.contains($0) }
    }
}
