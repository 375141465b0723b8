internal import CMicroHTTPD
import Foundation

/// A request's method, path and query as one run of bytes, hashed once: the key under which an
/// answer made from those alone is kept (`LineShortcut`, and serve's memo of answers).
///
/// Each piece is written after its length, so no path or parameter can pass for another. A line
/// read off the wire keeps its percent-encoding; one made from a `ServerRequest` in process is
/// made from its decoded fields and marked as such, so that the two never meet under one key.
public struct RequestLine: Hashable, Sendable {
    private let bytes: [UInt8]
    private let hash: Int

    private enum Source: UInt8 {
        case wire = 0
        case decoded = 1
    }

    private init(sealing bytes: [UInt8]) {
        self.bytes = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hash = hasher.finalize()
    }

    /// Made in process from a request's method, raw path and decoded query; nil past `limit` bytes.
    public init?(_ request: ServerRequest, limit: Int) {
        var length = request.method.utf8.count + request.rawPath.utf8.count
        for item in request.query { length += item.name.utf8.count + item.value.utf8.count + 2 }
        guard length <= limit else { return nil }
        var bytes = Self.start(.decoded, capacity: length + 4 * request.query.count + 5)
        Self.append(request.method.utf8, to: &bytes)
        Self.append(request.rawPath.utf8, to: &bytes)
        for item in request.query {
            Self.append(item.name.utf8, to: &bytes)
            Self.append(item.value.utf8, to: &bytes)
        }
        self.init(sealing: bytes)
    }

    /// Read off libmicrohttpd's strings, still percent-encoded (the daemon leaves them escaped);
    /// nil past `limit` bytes. A bare `?flag` counts as `flag=`, as the handler sees it.
    init?(method: UnsafePointer<CChar>, path: UnsafePointer<CChar>, connection: OpaquePointer, limit: Int) {
        let methodBytes = UnsafeRawBufferPointer(start: method, count: strlen(method))
        let pathBytes = UnsafeRawBufferPointer(start: path, count: strlen(path))
        guard methodBytes.count + pathBytes.count <= limit else { return nil }
        var walk = QueryWalk(bytes: Self.start(.wire, capacity: 64), room: limit - methodBytes.count - pathBytes.count)
        Self.append(methodBytes, to: &walk.bytes)
        Self.append(pathBytes, to: &walk.bytes)
        withUnsafeMutablePointer(to: &walk) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .GET_ARGUMENT_KIND,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls else { return .NO }
                    let walk = cls.assumingMemoryBound(to: QueryWalk.self)
                    walk.pointee.room -= keySize + valueSize + 2
                    guard walk.pointee.room >= 0 else { return .NO }
                    RequestLine.append(UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize), to: &walk.pointee.bytes)
                    RequestLine.append(UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize), to: &walk.pointee.bytes)
                    return .YES
                },
                pointer)
        }
        guard walk.room >= 0 else { return nil }
        self.init(sealing: walk.bytes)
    }

    /// The bytes being gathered and how many more the query may add, reached from
    /// libmicrohttpd's callback.
    private struct QueryWalk {
        var bytes: [UInt8]
        var room: Int
    }

    private static func start(_ source: Source, capacity: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        bytes.append(source.rawValue)
        return bytes
    }

    private static func append(_ piece: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let count = piece.count
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(contentsOf: piece)
    }

    public static func == (lhs: RequestLine, rhs: RequestLine) -> Bool {
        lhs.hash == rhs.hash && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
