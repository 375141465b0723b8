import APICheck
import Foundation
import HTTPServer

extension RequestValidator {
    /// A typed body decoded into its type, as JSON, a form or multipart by its declaration: the first
    /// thing wrong, at its JSONPath (`$.identifier.user`: expected String, found absent), and the
    /// document read. Secret values are never quoted: a decoding failure names kinds only.
    static func typedBody(_ declared: RequestBody, of request: ServerRequest, dates: DateDecoding) -> (ValidationProblem?, JSONValue?) {
        guard !request.body.isEmpty else {
            guard declared.isRequired else { return (nil, nil) }
            return (ValidationProblem(name: "(body)", location: "body", reason: "is required (\(declared.typeName)) but missing"), nil)
        }
        let document: JSONValue
        switch declared.encoding {
        case .form:
            document = FormBody.document(request.body)
        case .binary:
            // Any bytes are a file; what they hold is the app's own business.
            document = FilePart(contentType: request.header("Content-Type"), content: request.body).json
        case .multipart:
            let contentType = request.header("Content-Type") ?? ""
            guard MultipartBody.mediaType(contentType) == "multipart/form-data" else {
                let found = contentType.isEmpty ? "no Content-Type" : "Content-Type \(MultipartBody.mediaType(contentType))"
                return (ValidationProblem(name: "(body)", location: "body", reason: "is not multipart/form-data: \(found)"), nil)
            }
            let read = MultipartReader.parts(request.body, contentType: contentType).flatMap(MultipartBody.document)
            switch read {
            case let .success(parts):
                document = parts
            case let .failure(problem):
                let path = problem.field == "(body)" ? nil : JSONPath.root.appending(problem.field)
                return (
                    ValidationProblem(
                        name: path?.description ?? "(body)", location: "body", reason: "multipart/form-data \(problem.reason)", path: path),
                    nil
                )
            }
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
                reason: "expected \(failure.expected), found \(failure.found)", path: failure.path), document
        )
    }
}
