import Foundation

/// An endpoint's request body declared as a Swift type: the request half of the contract, as the
/// decode type is the answer half. It travels as JSON, as a form
/// (`application/x-www-form-urlencoded`, lists in the declared style) or as `multipart/form-data`
/// with files (`FilePart`); `serve` and the proxy decode what they receive into the type, and
/// `openapi` writes the type's schema.
///
/// ```swift
/// body: .json(PasswordLogin.self,
///             inputs: [.input("user", .string, sample: .environment("RELAY_USER", fallback: nil)),
///                      .input("password", .string, sample: .environment("RELAY_PASSWORD", fallback: nil), secret: true)]) { input in
///                 PasswordLogin(user: input.string("user"), password: input.string("password"))
///             }
/// ```
///
/// Live runs send the sample: a fixed value, or one made from named inputs, each with a sample of
/// its own (`.seen`, `.uniquePerCall`, an environment variable), so the run orders, redacts and
/// reproduces it as it does a parameter's. A secret input never prints, wherever the body puts it.
/// The type is `Codable`: sent encoded, and decoded by `serve` and by the schema recorder.
public struct RequestBody: Sendable {
    public enum Encoding: Sendable, Equatable {
        case json
        /// `application/x-www-form-urlencoded`: top-level scalars as fields, lists in this style.
        case form(lists: ListStyle)
        /// `multipart/form-data`: scalars as text parts, `FilePart` fields as files, nested
        /// values as JSON parts, lists as repeated parts (`MultipartBody`).
        case multipart
        /// The body is the bytes of a file (`FilePart`), in this media type unless the file
        /// names its own: an image upload, `application/octet-stream`.
        case binary(contentType: String)

        /// The media type, without the boundary a multipart body's header adds.
        public var contentType: String {
            switch self {
            case .json: "application/json"
            case .form: "application/x-www-form-urlencoded"
            case .multipart: "multipart/form-data"
            case let .binary(contentType): contentType
            }
        }
    }

    public let encoding: Encoding
    /// The type's name, for listings and errors.
    public let typeName: String
    /// The type, for the schema recorder.
    public let type: any (Decodable & Sendable).Type
    /// The named values the sample is made from; each one's sample works as a parameter's.
    public let inputs: [Parameter]
    let makeSample: (@Sendable (BodyInputs) -> any Sendable)?
    let encodeValue: @Sendable (any Sendable, DateDecoding) throws(BodyError) -> JSONValue
    let decodeCheck: @Sendable (JSONValue, DateDecoding) throws(DecodingFailure) -> Void

    /// Why a body value could not be sent.
    public struct BodyError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    init<Body: Codable & Sendable>(
        _ type: Body.Type, encoding: Encoding, inputs: [Parameter],
        sample: (@Sendable (BodyInputs) -> Body)?
    ) {
        self.encoding = encoding
        self.typeName = ReadLog.typeName(Body.self)
        self.type = Body.self
        self.inputs = inputs
        if let sample {
            self.makeSample = { @Sendable (inputs: BodyInputs) -> any Sendable in sample(inputs) }
        } else {
            self.makeSample = nil
        }
        let name = typeName
        self.encodeValue = { (value, dates) throws(BodyError) in
            guard let body = value as? Body else {
                throw BodyError(description: "expects a \(name) body, got \(ReadLog.typeName(Swift.type(of: value)))")
            }
            let encoder = JSONEncoder()
            // Keys sorted: the same body gives the same bytes, run after run.
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            dates.apply(to: encoder)
            do {
                return try JSONParser.parse(try encoder.encode(body))
            } catch {
                throw BodyError(description: "a \(name) body does not encode as JSON: \(error)")
            }
        }
        var form: ListStyle?
        if case let .form(style) = encoding { form = style }
        // A multipart body's text parts are read as a form's fields: numbers and flags from text.
        if encoding == .multipart { form = .repeated }
        let lists = form
        self.decodeCheck = { (document, dates) throws(DecodingFailure) in
            var decoder = JSONValueDecoder(dates: dates, formLists: lists)
            decoder.listedValuesOnly = true
            _ = try decoder.decodeReads(Body.self, from: document)
        }
    }

    /// A JSON body of type `Body`; live runs send `sample`.
    public static func json<Body: Codable & Sendable>(_ type: Body.Type, sample: Body? = nil) -> RequestBody {
        RequestBody(type, encoding: .json, inputs: [], sample: fixed(sample))
    }

    /// A JSON body of type `Body`; live runs send what `sample` makes of the inputs' values.
    public static func json<Body: Codable & Sendable>(
        _ type: Body.Type, inputs: [Parameter],
        sample: @escaping @Sendable (BodyInputs) -> Body
    ) -> RequestBody {
        RequestBody(type, encoding: .json, inputs: inputs, sample: sample)
    }

    /// A JSON body of type `Body`: `sample`, each input's value put in the top-level member of
    /// its name. A creation's body whose name is the run's own, that the writes after it read
    /// (`.sent`): `.json(NewDatabase.self, sample: made, replacing: [.input("name", .string,
    /// sample: .unique(prefix: "apicheck-"))])`, never a name an earlier run left behind.
    public static func json<Body: Codable & Sendable>(_ type: Body.Type, sample: Body?, replacing inputs: [Parameter]) -> RequestBody {
        var body = RequestBody(type, encoding: .json, inputs: inputs, sample: fixed(sample))
        body.replacesMembers = true
        return body
    }

    /// A form body of type `Body`: its top-level fields, lists in `lists` style.
    public static func form<Body: Codable & Sendable>(
        _ type: Body.Type, lists: ListStyle = .repeated,
        sample: Body? = nil
    ) -> RequestBody {
        RequestBody(type, encoding: .form(lists: lists), inputs: [], sample: fixed(sample))
    }

    /// A form body of type `Body`, its sample made of the inputs' values.
    public static func form<Body: Codable & Sendable>(
        _ type: Body.Type, lists: ListStyle = .repeated, inputs: [Parameter],
        sample: @escaping @Sendable (BodyInputs) -> Body
    ) -> RequestBody {
        RequestBody(type, encoding: .form(lists: lists), inputs: inputs, sample: sample)
    }

    /// A `multipart/form-data` body of type `Body`: its `FilePart` fields as files, the other
    /// top-level fields as text parts, nested values as JSON parts.
    public static func multipart<Body: Codable & Sendable>(_ type: Body.Type, sample: Body? = nil) -> RequestBody {
        RequestBody(type, encoding: .multipart, inputs: [], sample: fixed(sample))
    }

    /// A `multipart/form-data` body of type `Body`, its sample made of the inputs' values.
    public static func multipart<Body: Codable & Sendable>(
        _ type: Body.Type, inputs: [Parameter],
        sample: @escaping @Sendable (BodyInputs) -> Body
    ) -> RequestBody {
        RequestBody(type, encoding: .multipart, inputs: inputs, sample: sample)
    }

    /// A body that is a file's bytes (`PUT /avatar` with `Content-Type: image/png`): a `FilePart`,
    /// sent in `contentType` unless the file names its own. `serve` and the proxy take any bytes
    /// but none.
    public static func binary(contentType: String = "application/octet-stream", sample: FilePart? = nil) -> RequestBody {
        RequestBody(FilePart.self, encoding: .binary(contentType: contentType), inputs: [], sample: fixed(sample))
    }

    private static func fixed<Body: Sendable>(_ value: Body?) -> (@Sendable (BodyInputs) -> Body)? {
        guard let value else { return nil }
        return { @Sendable _ in value }
    }

    /// Whether a request must carry the body. One a request may leave out (an OpenAPI
    /// `requestBody` not `required`: Prefect's filter bodies) is `optional()`: `serve` and the
    /// proxy take a request without it, and `openapi` writes `required: false`.
    public private(set) var isRequired = true

    /// The body, which a request may leave out.
    public func optional() -> RequestBody {
        var body = self
        body.isRequired = false
        return body
    }

    /// Whether the sample was made up from the schema (`"string"`, `0`), not written by a person
    /// or taken from a document's example: `import-openapi` marks the bodies it made up so. A
    /// server's client-error refusal (a 4xx other than its auth answers) of a made-up sample says
    /// nothing of the contract, so `live` reports it as not checked, naming the declaration to give
    /// a real sample in; a refusal of a sample a person wrote stays the endpoint's error.
    public private(set) var isMadeUp = false

    /// The body, its sample made up from the schema (`isMadeUp`).
    public func madeUp() -> RequestBody {
        var body = self
        body.isMadeUp = true
        return body
    }

    /// The inputs' values replace the sample's members of their names (`json(_:sample:replacing:)`).
    private var replacesMembers = false

    /// Whether live runs have a body to send.
    public var hasSample: Bool { makeSample != nil }

    /// The sample made of the inputs' values, as JSON, its dates as the API writes them (`API.dates`).
    public func sample(_ values: [String: ParameterValue], dates: DateDecoding) throws(BodyError) -> JSONValue? {
        guard let makeSample else { return nil }
        let document = try encodeValue(makeSample(BodyInputs(values)), dates)
        guard replacesMembers, case var .object(members) = document else { return document }
        for input in inputs {
            guard let value = values[input.name] else { continue }
            if let index = members.firstIndex(where: { $0.key == input.name }) {
                members[index].value = value.json
            } else {
                members.append((input.name, value.json))
            }
        }
        return .object(members)
    }

    /// A value the caller gives, as JSON, its dates as the API writes them; refused unless it is
    /// of the declared type.
    public func json(of value: any Sendable, dates: DateDecoding) throws(BodyError) -> JSONValue { try encodeValue(value, dates) }

    /// The bytes on the wire for a body already turned into JSON.
    public func data(_ document: JSONValue) throws(BodyError) -> Data { try wire(document).data }

    /// The bytes on the wire for a body already turned into JSON, and their `Content-Type` (a
    /// multipart body's names its boundary).
    public func wire(_ document: JSONValue) throws(BodyError) -> (data: Data, contentType: String) {
        switch encoding {
        case .json: return (Data(document.compactText.utf8), encoding.contentType)
        case let .form(lists): return (Data(try FormBody.encode(document, lists: lists).utf8), encoding.contentType)
        case .multipart:
            let (data, boundary) = MultipartBody.encode(try MultipartBody.parts(document))
            return (data, "\(encoding.contentType); boundary=\(boundary)")
        case let .binary(contentType):
            guard let file = FilePart.read(document) else {
                throw BodyError(description: "a binary body is a FilePart, not \(document.kindName)")
            }
            return (file.content, file.contentType ?? contentType)
        }
    }

    /// Decodes a received body into the type, its dates as the API writes them: nil when it fits,
    /// else where and why it does not. A form arrives as its pairs (`FormBody.document`).
    public func check(_ document: JSONValue, dates: DateDecoding) -> DecodingFailure? {
        do throws(DecodingFailure) {
            try decodeCheck(document, dates)
            return nil
        } catch {
            return error
        }
    }
}
