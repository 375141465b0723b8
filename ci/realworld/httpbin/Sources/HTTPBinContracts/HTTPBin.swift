import APICheck
import Foundation

/// httpbin (the request echo server, Flask and Werkzeug) as a user would declare the uploads an
/// app makes: it answers with what it read of the request, so a file upload's parts (a text, a
/// number, a repeated field, a JSON part, a file with a NUL and bytes that are not UTF-8) and a
/// file sent as the body come back as Werkzeug's own multipart parser read them. No envelope, no
/// login. ci/realworld-check compares the echo with what was sent.
public enum HTTPBin {
    /// A file with what trips parsers: a PNG signature, a line break, a NUL, a boundary's dashes,
    /// a byte that is not UTF-8.
    public static let picture = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x2D, 0x2D, 0xFF])

    public static let upload = Endpoint<UploadEcho>(
        id: "anything.upload", .post, "anything/upload", mock: "upload",
        body: .multipart(
            Upload.self,
            sample: Upload(
                caption: "a lake, \"at dawn\"", rating: 4, tags: ["summer", "lake"], meta: Upload.Meta(width: 640),
                image: FilePart(filename: "lake.png", contentType: "image/png", content: picture))))

    public static let avatar = Endpoint<AvatarEcho>(
        id: "anything.avatar", .put, "anything/avatar", mock: "avatar",
        body: .binary(contentType: "image/png", sample: FilePart(content: picture)))

    public static let get = Endpoint<GetEcho>(
        id: "get", .get, "get", parameters: [.query("q", .string, sample: .literal("apicheck"))], mock: "get")

    public static let api = API(
        name: "httpbin",
        environments: ["local": URL(string: "http://127.0.0.1:8080/")!],
        envelope: .none,
        endpoints: [get, upload, avatar])
}
