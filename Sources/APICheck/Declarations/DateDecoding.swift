import Foundation

/// How `Date` fields travel on the wire, both ways. One setting for the whole API, applied alike by
/// the client's fast path (`JSONDecoder`) and by the diagnostic decoder, so both read dates the same
/// way; and by the encoder of typed request bodies, so what is sent is what the server reads.
public enum DateDecoding: Sendable, Equatable {
    /// `JSONDecoder`'s default: seconds since 2001-01-01.
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    /// `2026-11-01T10:00:00Z`, with or without fractional seconds.
    case iso8601

    func apply(to decoder: JSONDecoder) {
        switch self {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601:
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = Self.iso8601(text) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \"\(text)\"")
                }
                return date
            }
        }
    }

    /// Request bodies write dates as answers carry them. ISO 8601 keeps fractional seconds only
    /// when the date has them, so a whole-second date reads as servers most often write it.
    func apply(to encoder: JSONEncoder) {
        switch self {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
                try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole)))
            }
        }
    }

    /// What the wire holds for a date, for messages: `String (ISO 8601)`, `Double (seconds since 1970)`.
    var wireDescription: String {
        switch self {
        case .deferredToDate: return "Double (seconds since 2001)"
        case .secondsSince1970: return "Double (seconds since 1970)"
        case .millisecondsSince1970: return "Double (milliseconds since 1970)"
        case .iso8601: return "String (ISO 8601)"
        }
    }

    /// Reads a date from a value, or nil when it is not one in this encoding.
    func date(from value: JSONValue) -> Date? {
        switch (self, value) {
        case let (.deferredToDate, .number(text)): return Double(text).map(Date.init(timeIntervalSinceReferenceDate:))
        case let (.secondsSince1970, .number(text)): return Double(text).map(Date.init(timeIntervalSince1970:))
        case let (.millisecondsSince1970, .number(text)): return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case let (.iso8601, .string(text)): return Self.iso8601(text)
        default: return nil
        }
    }

    static func iso8601(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
