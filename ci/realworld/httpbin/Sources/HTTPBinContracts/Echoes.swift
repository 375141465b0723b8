/// What httpbin read of a multipart upload: the text parts in `form` (a repeated one as a list, the
/// JSON part as its text), the file in `files` (a data URL when it is not UTF-8).
public struct UploadEcho: Decodable, Sendable {
    public struct Form: Decodable, Sendable {
        public var caption: String
        public var rating: String
        public var tags: [String]
        public var meta: String
    }

    public struct Files: Decodable, Sendable {
        public var image: String
    }

    public var method: String
    public var form: Form
    public var files: Files
}

/// What httpbin read of a file sent as the body: its bytes (a data URL), and the media type sent.
public struct AvatarEcho: Decodable, Sendable {
    public struct Headers: Decodable, Sendable {
        public var contentType: String

        enum CodingKeys: String, CodingKey {
            case contentType = "Content-Type"
        }
    }

    public var method: String
    public var data: String
    public var headers: Headers
}

/// A plain read: the query as httpbin read it.
public struct GetEcho: Decodable, Sendable {
    public struct Args: Decodable, Sendable {
        public var q: String
    }

    public var args: Args
    public var url: String
}
