import Foundation

/// A file in a `multipart/form-data` body (RFC 7578): a field of a body type declared with
/// `RequestBody.multipart`. It travels as a part of its own, with the file name and media type it
/// carries; a received part with a file name, or with a media type that is neither text nor JSON,
/// decodes into it.
///
/// ```swift
/// struct AvatarUpload: Codable, Sendable {
///     var caption: String
///     var image: FilePart
/// }
/// body: .multipart(AvatarUpload.self,
///                  sample: AvatarUpload(caption: "me", image: FilePart(filename: "me.png", contentType: "image/png", content: png)))
/// ```
///
/// In the JSON the checks read, a file is an object: `filename`, `contentType` and the content in
/// `base64`; `openapi` writes it as a binary string.
public struct FilePart: Codable, Sendable, Equatable, OpenAPISchemaProviding {
    public var filename: String?
    public var contentType: String?
    public var content: Data

    public init(filename: String? = nil, contentType: String? = nil, content: Data) {
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case filename, contentType
        case content = "base64"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filename = try container.decodeIfPresent(String.self, forKey: .filename)
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        let text = try container.decode(String.self, forKey: .content)
        guard let content = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(forKey: .content, in: container, debugDescription: "not base64")
        }
        self.content = content
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(filename, forKey: .filename)
        try container.encodeIfPresent(contentType, forKey: .contentType)
        try container.encode(content.base64EncodedString(), forKey: .content)
    }

    public static var openAPISchema: JSONValue { .object([("type", .string("string")), ("format", .string("binary"))]) }

    /// The file as the JSON the checks read: what `encode(to:)` writes.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let filename { members.append((CodingKeys.filename.rawValue, .string(filename))) }
        if let contentType { members.append((CodingKeys.contentType.rawValue, .string(contentType))) }
        members.append((CodingKeys.content.rawValue, .string(content.base64EncodedString())))
        return .object(members)
    }

    /// The file a JSON value holds as `json` writes it; nil when it holds none, or its content is
    /// not base64.
    static func read(_ value: JSONValue) -> FilePart? {
        guard case let .string(text)? = value[CodingKeys.content.rawValue], let content = Data(base64Encoded: text) else { return nil }
        var file = FilePart(content: content)
        if case let .string(given)? = value[CodingKeys.filename.rawValue] { file.filename = given }
        if case let .string(given)? = value[CodingKeys.contentType.rawValue] { file.contentType = given }
        return file
    }

    /// Whether a JSON value is a file as `FilePart` writes it: its content in `base64`, beside at
    /// most a file name and a media type.
    static func isFile(_ value: JSONValue) -> Bool {
        guard case let .object(members) = value, case .string? = value[CodingKeys.content.rawValue] else { return false }
        return members.allSatisfy { member in CodingKeys.allCases.contains { $0.rawValue == member.key } }
    }
}
