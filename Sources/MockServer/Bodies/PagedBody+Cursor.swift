import APICheck
import Foundation
import HTTPServer

extension PagedBody {
    /// Why the request's cursor names no page of the mock's list; nil when it names one, or
    /// when there is none (the first page). A page number, an offset or an `apicheck_offset` must
    /// be a whole number in range; a token must be one serve issued, `serve-page-N`. A real
    /// server's cursor (`_next=50`, `s72_3`, the recorded next URL's own query) means nothing to
    /// serve's list: answering it with the first page would start the list over under a client
    /// that follows it, so it is refused by name instead.
    /// - Parameters:
    ///   - recorded: the success mock, where a next URL it holds shows the recorded server's own
    ///     cursor parameters; read only for a request with a parameter the endpoint does not declare.
    ///   - declared: the names of the endpoint's parameters.
    func problem(in request: ServerRequest, recorded: () -> JSONValue?, declared: Set<String>) -> ValidationProblem? {
        let given = paging.next.flatMap { request.pagingValue($0) }
        switch paging.cursor {
        case .id:
            return nil
        case let .token(place, parameter):
            // An empty token is no token, as everywhere a token is read: the first page.
            guard let given, !given.isEmpty, Self.offset(inToken: given) == nil else { return nil }
            let whereGiven =
                switch place {
                case let .body(path): "at \(path)"
                case let .bodyLink(rel, path): "in the \(rel) link in \(path)"
                case let .header(name): "in the \(name) header"
                }
            return Self.problem(
                parameter,
                "\(Self.quoted(given)) is not a token serve issued: its pages give their own "
                    + "(\(Self.tokenPrefix)N, \(whereGiven)); the first page is asked without \(parameter)", in: request)
        case let .pageNumber(parameter, first):
            guard let given else { return nil }
            guard let number = Int(given), number >= first else {
                return Self.problem(parameter, "expected a page number from \(first), found \(Self.quoted(given))", in: request)
            }
            return nil
        case let .offset(parameter):
            guard let given else { return nil }
            guard let offset = Int(given), offset >= 0 else {
                return Self.problem(parameter, "expected an offset of 0 or more, found \(Self.quoted(given))", in: request)
            }
            return nil
        case .link, .url:
            if let given = request.queryValue(Self.linkOffset), (Int(given) ?? -1) < 0 {
                return Self.problem(Self.linkOffset, "expected an offset of 0 or more, found \(Self.quoted(given))", in: request)
            }
            guard request.queryValue(Self.linkOffset) == nil, request.query.contains(where: { !declared.contains($0.name) }),
                paging.cursor.bodyPath != nil,
                let next = recorded().flatMap({ paging.cursor.bodyValue(in: $0) })?.stringValue,
                let items = URLComponents(string: next)?.queryItems
            else { return nil }
            // The recorded next URL's parameters that the endpoint does not declare (`cursor`,
            // `page_token`) are the recorded server's cursor.
            guard let own = items.first(where: { !declared.contains($0.name) && request.queryValue($0.name) != nil }) else { return nil }
            return Self.problem(
                own.name,
                "\(Self.quoted(request.queryValue(own.name) ?? "")) is the cursor of the server the mock "
                    + "was recorded from; serve's next links carry \(Self.linkOffset)", in: request)
        }
    }

    /// Whether `endpoint` declares its token cursor as a body parameter (a search's form field).
    static func takesCursorInBody(_ endpoint: AnyEndpoint) -> Bool {
        guard case let .token(_, parameter)? = endpoint.paging?.cursor else { return false }
        return endpoint.parameters.contains { $0.name == parameter && $0.location == .body }
    }

    /// The endpoints whose list ends with a null next token or URL: so their success mock or
    /// one of its variants shows it at the declared path.
    static func nullEnded(api: API, mocks: MockDirectory) -> Set<String> {
        var ids: Set<String> = []
        for endpoint in api.endpoints {
            guard let cursor = endpoint.paging?.cursor, cursor.bodyPath != nil else { continue }
            for file in mocks.files where file.mock == endpoint.mock && mocks.status(of: file) < 300 {
                if case let .success(document) = mocks.document(of: file), cursor.bodyValue(in: document)?.isNull == true {
                    ids.insert(endpoint.id)
                    break
                }
            }
        }
        return ids
    }

    /// Located where the client sent the value: a cursor declared in the body is read from there.
    private static func problem(_ parameter: String, _ reason: String, in request: ServerRequest) -> ValidationProblem {
        ValidationProblem(name: parameter, location: request.queryValue(parameter) == nil ? "body" : "query", reason: reason)
    }

    /// The value as a message quotes it: short, whatever a client sent.
    private static func quoted(_ value: String) -> String {
        "'" + (value.count > 40 ? value.prefix(40) + "…" : value) + "'"
    }
}
