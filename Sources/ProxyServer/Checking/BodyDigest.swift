import Foundation

/// A digest of every byte of a body, for the check memo's keys: several times cheaper than
/// `Hasher` over the same bytes, which every exchange pays whether its verdict is kept or not.
///
/// Each step multiplies two words into 128 bits and folds the halves, so a change to any bit of
/// either word reaches every bit of the result; a step of the form "xor, then multiply" would
/// carry a change of a word's top bit into the next step unchanged, where a change of another
/// word's bit cancels it. Not a defence against chosen collisions by itself: it only picks the
/// memo's bucket, where the whole key is compared, and the memo hashes it again with `Hasher`'s
/// per-process seed; the chains start from a per-process seed too.
enum BodyDigest {
    private static let seed: UInt64 = .random(in: .min ... .max)
    // Odd constants with about as many ones as zeros.
    private static let k0: UInt64 = 0xA076_1D64_78BD_642F
    private static let k1: UInt64 = 0xE703_7ED1_A0B4_28DB
    private static let k2: UInt64 = 0x8EBC_6AF0_9C88_C6E3

    static func of(_ body: Data) -> UInt64 {
        body.withUnsafeBytes { of($0, seed: seed) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        func word(_ offset: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        // Two independent chains of 16 bytes a step: their multiplications overlap.
        var chains = (seed, seed ^ k1)
        var offset = 0
        while offset + 32 <= bytes.count {
            chains.0 = fold(word(offset) ^ k0, word(offset + 8) ^ chains.0)
            chains.1 = fold(word(offset + 16) ^ k0, word(offset + 24) ^ chains.1)
            offset += 32
        }
        var digest = fold(chains.0 ^ k1, chains.1 ^ k2)
        if offset + 16 <= bytes.count {
            digest = fold(word(offset) ^ k0, word(offset + 8) ^ digest)
            offset += 16
        }
        // The last 15 bytes or fewer, in two words.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            if shift < 64 { low |= UInt64(bytes[offset]) << shift } else { high |= UInt64(bytes[offset]) << (shift - 64) }
            shift += 8
            offset += 1
        }
        digest = fold(low ^ k0, high ^ digest)
        // The length last: bodies that differ only by trailing zero bytes differ here.
        return fold(digest ^ k1, UInt64(bytes.count) ^ k2)
    }

    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }
}
