import Foundation

/// The decode type of an endpoint whose success is bytes, not a JSON document: a registry blob,
/// a file download. `Endpoint<BinaryBody>` is checked by its status and media type (the types its
/// `Accept` declares, when it declares any) and never parsed: a blob that happens to be JSON and
/// one that is gzip both pass. `record` keeps the bytes as they came in its mock, `serve` replays
/// them in the declared media type (`application/octet-stream` without one), and `apicheck
/// openapi` writes a `format: binary` string under the declared types (`*/*` without one: the
/// client takes any). Its error answers are read as the API's as usual.
///
/// ```swift
/// static let blob = Endpoint<BinaryBody>(id: "blobs.get", .get, "{+name}/blobs/{digest}", mock: "blob")
/// ```
public struct BinaryBody: Decodable, Sendable, Equatable {
    /// The bytes as they came.
    public var content: Data
    /// The answer's `Content-Type`, when it named one.
    public var contentType: String?

    /// The media type `serve` answers in where the endpoint declares none.
    public static let defaultMediaType = "application/octet-stream"

    public init(content: Data, contentType: String? = nil) {
        self.content = content
        self.contentType = contentType
    }

    /// Bytes are no JSON document: a decoder reaches this only through a JSON reading of the
    /// answer (a schema's sample), which holds none of them.
    public init(from decoder: Decoder) throws {
        content = Data()
        contentType = nil
    }
}

extension AnyEndpoint {
    /// Whether its success is bytes (`Endpoint<BinaryBody>`), judged without parsing.
    public var answersBytes: Bool { responseType == BinaryBody.self }

    /// The media type its bytes are replayed in: the first it declares, else
    /// `application/octet-stream`.
    public var bytesMediaType: String { declaredMediaTypes.first?.essence ?? BinaryBody.defaultMediaType }
}
