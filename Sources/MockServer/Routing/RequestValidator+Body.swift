import APICheck
import Foundation
import HTTPServer

extension RequestValidator {
    /// A typed body decoded into its type, as JSON or as a form by its declaration: the first
    /// thing wrong, at its JSONPath (`$.identifier.user`: expected String, found absent), and the
    /// document read. Secret values are never quoted: a decoding failure names kinds only.
    static func typedBody(_ declared: RequestBody, of request: ServerRequest, dates: DateDecoding) -> (ValidationProblem?, JSONValue?) {
        guard !request.body.isEmpty else {
            return (ValidationProblem(name: "(body)", location: "body", reason: "is required (\(declared.typeName)) but missing"), nil)
        }
        let document: JSONValue
        switch declared.encoding {
        case .form:
            document = FormBody.document(request.body)
        case .json:
            do throws(JSONParseError) {
                document = try JSONParser.parse(request.body)
            } catch {
                return (ValidationProblem(name: "(body)", location: "body", reason: "is not JSON: \(error.description)"), nil)
            }
        }
        guard let failure = declared.check(document, dates: dates) else { return (nil, document) }
        return (
            ValidationProblem(
                name: failure.path.description, location: "body",
                reason: "expected \(failure.expected), found \(failure.found)"), document
        )
    }
}
