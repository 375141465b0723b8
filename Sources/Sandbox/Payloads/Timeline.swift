/// `Timeline` of docs/demo-api.md: one page of the home timeline and the ids to fetch the next one.
struct Timeline: JSONRepresentable {
    var statuses: [Status]
    var sinceID: Int64
    var maxID: Int64
    var totalNumber: Int

    var json: SandboxJSON {
        .object([
            ("statuses", statuses.json),
            ("since_id", .int(sinceID)),
            ("max_id", .int(maxID)),
            ("total_number", .int(Int64(totalNumber))),
        ])
    }
}
