import APICheck
import HTTPServer

extension Distinction {
    /// Whether a request to a route several endpoints share meets this one's distinction. The body
    /// is read only for a body-field distinction, the first time it is asked. A header's name is
    /// declared in any case (`X-Page-Cursor`); `field` compares against lower case.
    public func isMet(by request: ServerRequest) -> Bool {
        isMet(query: request.queryValue, header: { request.field($0.lowercased()) }, bodyField: request.bodyField)
    }
}
