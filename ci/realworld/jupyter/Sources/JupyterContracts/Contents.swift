/// CaseIterable: `openapi` writes its cases as the schema's enum.
public enum ContentType: String, Decodable, Sendable, CaseIterable {
    case file, directory, notebook
}

/// What a folder listing says of each entry: its content is null there.
public struct ContentsEntry: Decodable, Sendable {
    public var name: String
    public var path: String
    public var type: ContentType
    public var writable: Bool
    public var created: String
    public var lastModified: String
    public var mimetype: String?
    public var size: Int?
    public var format: String?
    public var hash: String?
    public var hashAlgorithm: String?

    enum CodingKeys: String, CodingKey {
        case name, path, type, writable, created, mimetype, size, format, hash
        case lastModified = "last_modified"
        case hashAlgorithm = "hash_algorithm"
    }
}

/// A folder with its entries (`format` is `json`). The root folder's name and path are empty.
public struct Directory: Decodable, Sendable {
    public var name: String
    public var path: String
    public var type: ContentType
    public var writable: Bool
    public var created: String
    public var lastModified: String
    public var format: String
    public var content: [ContentsEntry]

    enum CodingKeys: String, CodingKey {
        case name, path, type, writable, created, format, content
        case lastModified = "last_modified"
    }
}

/// A file with its content: text (`format` `text`) or base64 (`base64`).
public struct FileModel: Decodable, Sendable {
    public var name: String
    public var path: String
    public var type: ContentType
    public var writable: Bool
    public var created: String
    public var lastModified: String
    public var format: String
    public var mimetype: String?
    public var size: Int?
    public var content: String
    public var hash: String?
    public var hashAlgorithm: String?

    enum CodingKeys: String, CodingKey {
        case name, path, type, writable, created, format, mimetype, size, content, hash
        case lastModified = "last_modified"
        case hashAlgorithm = "hash_algorithm"
    }
}
