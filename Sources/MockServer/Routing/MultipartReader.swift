import APICheck
import CMultipart
import Foundation

/// Reads a received `multipart/form-data` body into its parts through GMime (`CMultipart`): the
/// parts, or why the body is not one (no boundary, cut short, malformed).
enum MultipartReader {
    /// Past this many parts a body is refused unread: a form has a handful.
    static let maxParts = 1_000

    static func parts(_ body: Data, contentType: String) -> Result<[MultipartBody.Part], MultipartBody.BodyProblem> {
        final class Gathered {
            var parts: [MultipartBody.Part] = []
        }
        let gathered = Gathered()
        let sink: cmultipart_sink = { context, part in
            guard let context, let part = part?.pointee else { return }
            let gathered = Unmanaged<Gathered>.fromOpaque(context).takeUnretainedValue()
            gathered.parts.append(
                MultipartBody.Part(
                    name: part.name.map { String(cString: $0) } ?? "",
                    filename: part.filename.map { String(cString: $0) },
                    contentType: part.content_type.map { String(cString: $0) },
                    content: part.length == 0 ? Data() : Data(bytes: part.bytes, count: part.length)))
        }
        let problem = body.withUnsafeBytes { raw in
            cmultipart_parse(
                contentType, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, maxParts, sink,
                Unmanaged.passUnretained(gathered).toOpaque())
        }
        let reason: String
        switch problem {
        case 0: return .success(gathered.parts)
        case CMULTIPART_NO_BOUNDARY: reason = "has no boundary in its Content-Type"
        case CMULTIPART_CUT_SHORT: reason = "is cut short: its closing boundary is missing"
        case CMULTIPART_TOO_MANY_PARTS: reason = "has more than \(maxParts) parts"
        case CMULTIPART_NOT_MULTIPART: reason = "is not multipart"
        default: reason = "is malformed"
        }
        return .failure(MultipartBody.BodyProblem(field: "(body)", reason: reason))
    }
}
