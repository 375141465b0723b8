import APICheck
import Foundation

/// A photo upload as `multipart/form-data`: text parts, a number, a repeated field, a JSON part,
/// and the file.
public struct Upload: Codable, Sendable {
    public struct Meta: Codable, Sendable {
        public var width: Int
    }

    public var caption: String
    public var rating: Int
    public var tags: [String]
    public var meta: Meta
    public var image: FilePart
}
