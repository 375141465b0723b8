import APICheck
import Foundation

public enum Fixtures {
    /// `count` bytes that are not all alike, so a dropped or reordered chunk shows.
    public static func pattern(count: Int) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { bytes in
            for index in bytes.indices {
                bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 12)
            }
        }
        return data
    }

    /// `{"code":0,"msg":"ok","datas":{"text":"hello, gzip"}}`, gzip-compressed.
    public static let gzippedJSON = Data([
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x4a, 0xce, 0x4f, 0x49,
        0x55, 0xb2, 0x32, 0xd0, 0x51, 0xca, 0x2d, 0x4e, 0x57, 0xb2, 0x52, 0xca, 0xcf, 0x56, 0xd2, 0x51,
        0x4a, 0x49, 0x2c, 0x49, 0x2c, 0x56, 0xb2, 0xaa, 0x56, 0x2a, 0x49, 0xad, 0x28, 0x01, 0x0a, 0x66,
        0xa4, 0xe6, 0xe4, 0xe4, 0xeb, 0x28, 0xa4, 0x57, 0x65, 0x16, 0x28, 0xd5, 0xd6, 0x02, 0x00, 0x25,
        0x18, 0x88, 0x20, 0x34, 0x00, 0x00, 0x00,
    ])
    public static let gzippedJSONDecoded = #"{"code":0,"msg":"ok","datas":{"text":"hello, gzip"}}"#

    /// 256 KiB of zero bytes, gzip-compressed to 289 bytes: small on the wire, large decoded.
    public static let gzippedZeros = Data(
        base64Encoded: """
            H4sIAAAAAAACA+3BMQEAAADCoPVP7W0HoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA3gAi6g7iAAAE\
            AA==
            """)!
}
