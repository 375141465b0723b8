import Foundation

/// A `multipart/form-data` body (RFC 7578) and the JSON object it stands for, as `FormBody` is
/// for a form: each top-level scalar is a text part, a `FilePart` a file part, a nested object or a
/// list of them a part in `application/json` (OpenAPI's default for a complex field), a list of
/// scalars or files one part per item under the same name; null and absent fields are left out.
public enum MultipartBody {
    /// One part as it travels: the field's name, and for a file its name and media type.
    public struct Part: Sendable, Equatable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var content: Data

        public init(name: String, filename: String? = nil, contentType: String? = nil, content: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The parts of a JSON object, in its order.
    public static func parts(_ document: JSONValue) throws(RequestBody.BodyError) -> [Part] {
        guard case let .object(members) = document else {
            throw RequestBody.BodyError(description: "a multipart body is an object of fields, not \(document.kindName)")
        }
        var parts: [Part] = []
        for (name, value) in members {
            if case let .array(items) = value, items.allSatisfy(isScalarOrFile) {
                parts += try items.map { (item) throws(RequestBody.BodyError) in try part(name, item) }
            } else if value != .null {
                parts.append(try part(name, value))
            }
        }
        return parts
    }

    private static func isScalarOrFile(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .number, .bool: true
        default: FilePart.isFile(value)
        }
    }

    private static func part(_ name: String, _ value: JSONValue) throws(RequestBody.BodyError) -> Part {
        switch value {
        case let .string(text): return Part(name: name, content: Data(text.utf8))
        case let .number(text): return Part(name: name, content: Data(text.utf8))
        case let .bool(flag): return Part(name: name, content: Data((flag ? "true" : "false").utf8))
        case .null: return Part(name: name, content: Data())
        case .object where FilePart.isFile(value):
            guard let file = FilePart.read(value) else {
                throw RequestBody.BodyError(description: "the file in $.\(name) holds no base64 content")
            }
            return Part(
                name: name, filename: file.filename ?? name, contentType: file.contentType ?? "application/octet-stream",
                content: file.content)
        case .object, .array:
            return Part(name: name, contentType: "application/json", content: Data(value.compactText.utf8))
        }
    }

    /// The bytes of `parts` between boundaries, and the boundary: derived from the content, so
    /// the same body gives the same bytes run after run, and never found inside it.
    public static func encode(_ parts: [Part]) -> (data: Data, boundary: String) {
        var salt: UInt64 = 0
        while true {
            let boundary = "apicheck-" + String(digest(parts, salt: salt), radix: 16)
            let marker = Data(("--" + boundary).utf8)
            if !parts.contains(where: { $0.content.range(of: marker) != nil || $0.name.contains(boundary) }) {
                return (body(parts, boundary: boundary), boundary)
            }
            salt += 1
        }
    }

    private static func body(_ parts: [Part], boundary: String) -> Data {
        var data = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(quoted(filename))\"" }
            head += "\r\n"
            // A media type given with a line break in it would add a header of its own.
            if let contentType = part.contentType?.filter({ $0 != "\r" && $0 != "\n" && $0 != "\r\n" }) {
                head += "Content-Type: \(contentType)\r\n"
            }
            data.append(contentsOf: Array((head + "\r\n").utf8))
            data.append(part.content)
            data.append(contentsOf: Array("\r\n".utf8))
        }
        data.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return data
    }

    /// A name in a quoted header parameter: RFC 7578 §4.2 has quotes and line breaks
    /// percent-encoded, as browsers send them.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func digest(_ parts: [Part], salt: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
        func mix<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        for part in parts {
            mix(part.name.utf8)
            mix(part.filename?.utf8 ?? "".utf8)
            mix(part.content)
        }
        return hash
    }

    /// The object received parts stand for: a text part's value as text (numbers and flags read
    /// from it by the type, as a form's), a JSON part's as its JSON, a file as `FilePart` writes
    /// it; a name repeated, or named `k[]`, is a list. A failure naming the part when a JSON part
    /// is not JSON.
    public static func document(_ parts: [Part]) -> Result<JSONValue, BodyProblem> {
        var named: [(name: String, value: JSONValue)] = []
        for part in parts {
            let value: JSONValue
            let type = part.contentType.map(Self.mediaType)
            if let type, type == "application/json" || type.hasSuffix("+json") {
                do throws(JSONParseError) {
                    value = try JSONParser.parse(part.content)
                } catch {
                    return .failure(BodyProblem(field: part.name, reason: "is not JSON: \(error.description)"))
                }
            } else if part.filename != nil || type.map({ !$0.hasPrefix("text/") }) ?? false {
                value = FilePart(filename: part.filename, contentType: part.contentType, content: part.content).json
            } else {
                value = .string(String(decoding: part.content, as: UTF8.self))
            }
            named.append((part.name, value))
        }
        return .success(FormBody.fields(named))
    }

    /// A part that does not read as its media type says.
    public struct BodyProblem: Error, Sendable, Equatable {
        public var field: String
        public var reason: String

        public init(field: String, reason: String) {
            self.field = field
            self.reason = reason
        }
    }

    public static func mediaType(_ header: String) -> String {
        String(header.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }
}
