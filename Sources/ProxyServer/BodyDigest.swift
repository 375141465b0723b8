import Foundation

/// A digest of every byte of a body, for the check memo's keys: several times cheaper than
/// `Hasher` over the same bytes, which every exchange pays whether its verdict is kept or not.
///
/// Not a defence against chosen collisions by itself: it only picks the memo's bucket, where
/// the whole key is compared, and the memo hashes it again with `Hasher`'s per-process seed.
/// The lanes start from a per-process seed too, so a body that collides here in one process
/// says nothing of another.
enum BodyDigest {
    private static let seed: UInt64 = .random(in: .min ... .max)
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func of(_ body: Data) -> UInt64 {
        body.withUnsafeBytes { of($0) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        // Four independent lanes of 8 bytes each: the multiplications overlap instead of
        // waiting on one another.
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed ^ 0x5555, seed ^ 0xAAAA, seed ^ 0xFFFF)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var digest = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            digest = mix(digest, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        // The length last: bodies that differ only by trailing zero bytes differ here.
        return mix(mix(digest, tail), UInt64(bytes.count))
    }

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word) &* multiplier
        return product ^ (product >> 29)
    }
}
