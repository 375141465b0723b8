/// The status the document's server refuses an invalid request with, when it is not 400: the
/// status most operations that take input declare for it. FastAPI declares `422 Validation
/// Error` on every operation with a parameter or a body, and never 400; a server whose operations
/// declare 400 as often keeps 400.
enum ValidationStatus {
    /// 422, with the note saying why; nil for 400.
    static func of(source: OpenAPISource) -> (status: Int, note: ImportNote)? {
        var taking = 0, unprocessable = 0, bad = 0
        for (_, item) in OpenAPISource.members(source.root["paths"]) {
            guard let item = source.resolve(item) else { continue }
            let shared = !OpenAPISource.array(item["parameters"]).isEmpty
            for method in EndpointWriter.methods {
                guard let operation = item[method] else { continue }
                guard shared || !OpenAPISource.array(operation["parameters"]).isEmpty || operation["requestBody"] != nil else { continue }
                taking += 1
                let statuses = Set(OpenAPISource.members(operation["responses"]).map(\.key))
                if statuses.contains("422") { unprocessable += 1 }
                if statuses.contains("400") { bad += 1 }
            }
        }
        guard unprocessable > bad, unprocessable * 2 >= taking, unprocessable > 0 else { return nil }
        return (
            422,
            ImportNote(
                .notMapped, at: "#/paths",
                "\(unprocessable) of the \(taking) operations that take input declare 422 for a request they refuse, "
                    + "\(bad) declare 400: declared refusingInvalidRequests(with: 422), so serve and proxy --enforce refuse with 422")
        )
    }
}
