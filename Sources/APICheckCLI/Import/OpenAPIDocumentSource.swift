import APICheck
import CurlClient
import Foundation

/// Where `import-openapi` reads its document: a file, or an http(s) URL fetched once with the
/// same libcurl transport, timeout, body cap and TLS settings `live` uses. A fetch that does not
/// end with a document — no answer in time, a status other than 2xx, an HTML page, a body over
/// the cap — is a failure naming the URL, never a document read as if it were one.
enum OpenAPIDocumentSource {
    case file(URL)
    case web(URL)

    /// An http(s) URL is fetched; anything else is a file path.
    init(_ argument: String, workingDirectory: URL) throws {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else { throw UsageError("'\(argument)' is not a URL") }
            self = .web(url)
        } else {
            self = .file(URL(fileURLWithPath: argument, relativeTo: workingDirectory).standardizedFileURL)
        }
    }

    /// How the document is named in messages: the path, or the URL without its query (which may
    /// hold a token).
    var shown: String {
        switch self {
        case let .file(url): url.path
        case let .web(url): URLDisplay.string(url, query: false)
        }
    }

    /// The last part of its path (`petstore.json`, `spec.yaml`); for a URL whose path ends in no
    /// file name (Django's `/api/schema/?format=json`), the document's title, quoted.
    func name(title: String?) -> String {
        switch self {
        case let .file(url): return url.lastPathComponent
        case let .web(url):
            let last = url.lastPathComponent
            if last.contains(".") { return last }
            if let title, !title.trimmingCharacters(in: .whitespaces).isEmpty { return "'\(title)'" }
            return last.isEmpty || last == "/" ? shown : last
        }
    }

    /// The URL relative server URLs resolve against: the fetched one's (nil for a file).
    var documentURL: URL? {
        if case let .web(url) = self { return url }
        return nil
    }

    func read(connection: ConnectionOptions, headers: [(name: String, value: String)]) async throws -> Data {
        switch self {
        case let .file(url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw CommandFailure("cannot read \(url.path): \((error as NSError).localizedDescription)")
            }
        case let .web(url):
            return try await Self.fetch(url, shown: shown, connection: connection, headers: headers)
        }
    }

    static func fetch(
        _ url: URL, shown: String, connection: ConnectionOptions,
        headers: [(name: String, value: String)]
    ) async throws -> Data {
        let transport = connection.transport()
        defer { transport.shutdown() }
        let request = HTTPRequest(
            method: .get, url: url,
            headers: [(name: "Accept", value: "application/json, application/yaml, text/yaml, */*;q=0.5")] + headers)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            let cap = error.kind == .bodyTooLarge ? " (over the \(connection.maxBody)-byte cap: --max-body)" : ""
            let time = error.kind == .timeout ? " (after \(connection.timeout) s: --timeout)" : ""
            throw CommandFailure("cannot fetch \(shown): \(error.description)\(cap)\(time)")
        }
        guard (200..<300).contains(response.status) else {
            throw CommandFailure(
                "cannot fetch \(shown): the server answered HTTP \(response.status), not the document" + loginHint(response.status, headers)
            )
        }
        let type = response.contentType?.lowercased() ?? ""
        let start = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if type.hasPrefix("text/html") || start == UInt8(ascii: "<") {
            throw CommandFailure(
                "cannot fetch \(shown): the server answered an HTML page (\(type.isEmpty ? "no content type" : type)), not an OpenAPI document"
            )
        }
        guard !response.body.isEmpty else { throw CommandFailure("cannot fetch \(shown): the server answered an empty body") }
        return response.body
    }

    /// What to do about a refusal: a document behind a login (Nautobot's, NetBox's) is fetched
    /// with the API's credentials, which `--header` sends from the environment.
    static func loginHint(_ status: Int, _ headers: [(name: String, value: String)]) -> String {
        guard status == 401 || status == 403 else { return "" }
        if !headers.isEmpty { return " (check the credentials --header sends)" }
        return "; if it needs the API's credentials, send them: --header 'Authorization: Token env:API_TOKEN' "
            + "(the scheme the server asks for; the token read from $API_TOKEN)"
    }

    /// `Name: value` as a header; a value written `env:VAR` is read from the environment, so that
    /// a token stays off the command line.
    static func header(_ text: String, environment: [String: String]) throws -> (name: String, value: String) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw UsageError("--header '\(DisplayText.escaped(String(text.prefix(40))))': expected 'Name: value'")
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        var value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let range = value.range(of: "env:") {
            let variable = String(value[range.upperBound...])
            guard let given = environment[variable], !given.isEmpty else {
                throw UsageError("--header \(name): $\(variable) is not set")
            }
            value.replaceSubrange(range.lowerBound..., with: given)
        }
        return (name, value)
    }
}
