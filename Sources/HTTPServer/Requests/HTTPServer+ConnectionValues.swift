internal import CMicroHTTPD
import Foundation

/// What libmicrohttpd holds of a connection's request, read into Swift values.
extension HTTPServer {
    /// The peer's address as text; nil when libmicrohttpd has none.
    static func clientAddress(of connection: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cmhd_connection_address(connection, &buffer, buffer.count) != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The query's parameters as sent, joined again: libmicrohttpd keeps them escaped (the
    /// daemon's unescape callback), and a bare `flag` comes with no value, so it stays bare.
    static func rawQuery(of connection: OpaquePointer) -> String? {
        var text = ""
        withUnsafeMutablePointer(to: &text) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .GET_ARGUMENT_KIND,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let text = cls.assumingMemoryBound(to: String.self)
                    if !text.pointee.isEmpty { text.pointee += "&" }
                    text.pointee += String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                    if let value {
                        text.pointee += "=" + String(decoding: UnsafeRawBufferPointer(start: value, count: valueSize), as: UTF8.self)
                    }
                    return .YES
                },
                pointer)
        }
        return text.isEmpty ? nil : text
    }

    /// Headers or query arguments, in the order they arrived. libmicrohttpd has already
    /// percent-decoded query arguments; a bare `?flag` comes with no value.
    static func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
        // Gathered through a pointer to this frame's array: no object is made for the walk.
        var fields: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(
                connection, kind,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let fields = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
                    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                    let text =
                        value.map {
                            String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self)
                        } ?? ""
                    fields.pointee.append((name: name, value: text))
                    return .YES
                },
                pointer)
        }
        return fields
    }
}
