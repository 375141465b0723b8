/// Why a mock file could not be used: it could not be read, it is larger than the cap, or it is
/// not JSON. Every case names the file.
public struct MockReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Missing, not a regular file, or the read failed.
        case unreadable(String)
        /// Larger than `MockDirectory.maxFileBytes`; the file was not read.
        case tooLarge(size: Int, cap: Int)
        case notJSON(JSONParseError)
    }

    public var file: String
    public var reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case let .unreadable(why): "\(fileName) cannot be read: \(why)"
        case let .tooLarge(size, cap):
            "\(fileName) is \(Self.bytes(size)) (\(size) bytes), over the \(Self.bytes(cap)) cap for mock files; it was not read (raise the cap with --max-mock)"
        case let .notJSON(error): "not JSON: \(error.description)"
        }
    }

    public var description: String { "\(file): \(message)" }

    private var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }

    /// The kind of finding this error is reported as.
    public var kind: FindingKind {
        switch reason {
        case .unreadable: .mockUnreadable
        case .tooLarge: .mockTooLarge
        case .notJSON: .notJSON
        }
    }

    /// `2.0 GiB`, `64 MiB`, `512 KiB`, `900 bytes`: sizes as a person reads them.
    static func bytes(_ count: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            let value = Double(count) / Double(size)
            return value == value.rounded() ? "\(Int(value)) \(unit)" : String(format: "%.1f", value) + " " + unit
        }
        return "\(count) bytes"
    }
}
