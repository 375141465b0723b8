import Foundation

/// Turns a declaration and the caller's values into a request, checking every value against its
/// declared type first, so that a bad call fails before anything is sent.
public struct RequestBuilder: Sendable {
    public let api: API
    public let baseURL: URL

    public init(api: API, baseURL: URL) {
        self.api = api
        self.baseURL = baseURL
    }

    /// `body` is a value of the endpoint's typed request body; without one, the body's sample is
    /// made from the values of its inputs.
    public func request(
        for endpoint: AnyEndpoint, _ values: [String: ParameterValue], body given: (any Sendable)? = nil,
        token: String?
    ) throws(APIError) -> HTTPRequest {
        func invalid(_ parameter: String, _ problem: String) -> APIError {
            APIError(endpoint: endpoint.id, reason: .invalidRequest(parameter: parameter, problem: problem))
        }
        let inputs = endpoint.requestBody?.inputs ?? []
        // The refresh token placed as a credential is given under the refresh policy's parameter name.
        let refreshPlacement = api.auth.refresh?.placement(for: endpoint)
        let placed = refreshPlacement == nil ? nil : api.auth.refresh?.parameter
        for name in values.keys.sorted()
        where !endpoint.parameters.contains(where: { $0.name == name }) && !inputs.contains(where: { $0.name == name }) && name != placed {
            throw invalid(name, "is not declared by \(endpoint.id)")
        }
        var path = endpoint.path
        var query: [(String, String)] = []
        var body: [(key: String, value: JSONValue)] = []
        var headers = api.defaultHeaders
        var cookies: [(name: String, value: String)] = []
        for parameter in endpoint.parameters {
            guard let given = values[parameter.name] else {
                if parameter.required {
                    throw invalid(parameter.name, "is required (\(parameter.type.rawValue), in \(parameter.location.rawValue)) but missing")
                }
                continue
            }
            if let style = parameter.list {
                // A list: each item of the element type; a lone value is a list of one.
                let items: [ParameterValue]
                if case let .list(given) = given { items = given } else { items = [given] }
                var accepted: [ParameterValue] = []
                for item in items {
                    guard let value = parameter.type.accept(item) else {
                        let shown = parameter.secret ? Redactor.mask : "\"\(item.text)\""
                        throw invalid(parameter.name, "expects [\(parameter.type.rawValue)], got an item \(item.kindName) \(shown)")
                    }
                    accepted.append(value)
                }
                switch parameter.location {
                case .query: query += style.pairs(parameter.name, accepted.map(\.text))
                case .body: body.append((parameter.name, .array(accepted.map(\.json))))
                case .header: headers.append((parameter.name, accepted.map(\.text).joined(separator: ",")))
                case .cookie: cookies.append((parameter.name, accepted.map(\.text).joined(separator: ",")))
                case .path:
                    path = path.replacingOccurrences(
                        of: "{\(parameter.name)}", with: accepted.map { Self.escape($0.text) }.joined(separator: ","))
                    path = path.replacingOccurrences(
                        of: "{+\(parameter.name)}",
                        with: accepted.map { Self.escapeReserved($0.text) }.joined(separator: ","))
                }
                continue
            }
            // A parameter taking an empty value may be sent as one (`?verbose=`).
            guard let value = parameter.type.accept(given) ?? (given == .string("") && parameter.isAcceptedEmpty("") ? given : nil)
            else {
                let shown = parameter.secret ? Redactor.mask : "\"\(given.text)\""
                throw invalid(parameter.name, "expects \(parameter.type.rawValue), got \(given.kindName) \(shown)")
            }
            switch parameter.location {
            case .path where parameter.holdsAddress && value.text.contains("/"):
                path = Self.addressed(path, name: parameter.name, value.text)
            case .path:
                path = path.replacingOccurrences(of: "{\(parameter.name)}", with: Self.escape(value.text))
                path = path.replacingOccurrences(of: "{+\(parameter.name)}", with: Self.escapeReserved(value.text))
            case .query:
                query.append((parameter.name, value.text))
            case .body:
                body.append((parameter.name, value.json))
            case .header:
                headers.append((parameter.name, value.text))
            case .cookie:
                cookies.append((parameter.name, value.text))
            }
        }
        // A route shared by value (`_shape=array`) is reached only with that value: the distinction
        // is sent unless a declared parameter of that name already was.
        if let pair = endpoint.distinction?.queryPair, !query.contains(where: { $0.0 == pair.name }) {
            query.append(pair)
        }
        // The declared cookies first, the session cookie after them, all in one `Cookie` header.
        for cookie in cookies { CookieHeader.add(cookie.name, CookieHeader.encoded(cookie.value), to: &headers) }
        if let token, endpoint.requiresToken {
            api.auth.placement.place(token, query: &query, headers: &headers)
        } else if let token, api.auth.sendsBasicCredentials(endpoint) {
            // A Basic login's token is the credentials pair, whatever the issued token's placement.
            AuthPolicy.Placement.basic.place(token, query: &query, headers: &headers)
        }
        if let refreshPlacement, let placed, let refreshToken = values[placed] {
            refreshPlacement.place(refreshToken.text, query: &query, headers: &headers)
        }
        var text = baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += path.hasPrefix("/") ? String(path.dropFirst()) : path
        if !query.isEmpty {
            text +=
                "?"
                + query.map { Self.escape($0.0) + "=" + Self.escape($0.1) }
                .joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw invalid("(url)", "makes an invalid URL") }
        var bodyData: Data?
        // A body a request may leave out, with nothing to send, is left out.
        if let declared = endpoint.requestBody, given != nil || declared.hasSample || declared.isRequired {
            let typed = try typedBody(declared, endpoint: endpoint, values, given: given)
            bodyData = typed.data
            headers.append(("Content-Type", typed.contentType))
        } else if given != nil {
            throw invalid("(body)", "is given, but \(endpoint.id) declares no typed body")
        } else if endpoint.parameters.contains(where: { $0.location == .body }) {
            bodyData = Data(JSONValue.object(body).compactText.utf8)
            headers.append(("Content-Type", "application/json"))
        }
        var request = HTTPRequest(method: endpoint.method, url: url, headers: headers, body: bodyData, endpointID: endpoint.id)
        request.followsRedirects = endpoint.redirectStatuses.isEmpty
        return request
    }

    /// `path` with the text before and of the placeholder `name` replaced by `address`, the whole
    /// address of what the path names up to it; the `/` after the placeholder is the address's
    /// own when it ends with one. A whole URL gives its path, as the request goes to the run's
    /// server.
    static func addressed(_ path: String, name: String, _ address: String) -> String {
        guard let range = path.range(of: "{\(name)}") ?? path.range(of: "{+\(name)}") else { return path }
        var address = address
        if address.contains("://"), let url = URLComponents(string: address) { address = url.percentEncodedPath }
        var rest = path[range.upperBound...]
        if address.hasSuffix("/"), rest.hasPrefix("/") { rest = rest.dropFirst() }
        return escapeReserved(address) + rest
    }

    /// RFC 6570's reserved expansion (`{+path}`): the unreserved and reserved characters
    /// (`:/?#[]@!$&'()*+,;=`) and `%XX` triplets go as they are, everything else is encoded, so
    /// `sub/x.txt` stays two segments and an encoded `%2F` the value already holds stays one.
    static func escapeReserved(_ text: String) -> String {
        let bytes = Array(text.utf8), hex = Array("0123456789ABCDEF".utf8)
        func isHex(_ index: Int) -> Bool {
            index < bytes.count
                && (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
                    || (bytes[index] | 0x20) >= UInt8(ascii: "a") && (bytes[index] | 0x20) <= UInt8(ascii: "f"))
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let kept =
                Self.isUnreserved(byte) || Self.reserved.contains(byte)
                || byte == UInt8(ascii: "%") && isHex(index + 1) && isHex(index + 2)
            if kept {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 3986's gen-delims and sub-delims.
    private static let reserved = Set(":/?#[]@!$&'()*+,;=".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Percent-encodes everything but the unreserved characters (`A-Z a-z 0-9 - . _ ~`), byte by
    /// byte of the UTF-8, with upper-case hex: a value never adds a path segment or a query
    /// separator. Written out rather than `addingPercentEncoding`, which bridges through NSString
    /// on every call and showed up in the mock replay profile.
    static func escape(_ text: String) -> String {
        func unreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
        if text.utf8.allSatisfy(unreserved) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if unreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
