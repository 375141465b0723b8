import Foundation

extension HARArchive {
    /// `startedDateTime` as exporters write it: `2024-05-01T10:00:00Z`, `…00.123Z`,
    /// `…00.123456+02:00`, `…00+0200`. Read by hand: `ISO8601DateFormatter` costs more per entry
    /// than the rest of an entry's import, and a capture has an entry per request.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
        guard let year = number(4), skip(45), let month = number(2), skip(45), let day = number(2),
            skip(84) || skip(32), let hour = number(2), skip(58), let minute = number(2), skip(58), let second = number(2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var fraction = 0.0
        if skip(46) {
            var scale = 0.1
            while position < bytes.count, (48...57).contains(bytes[position]) {
                fraction += Double(bytes[position] - 48) * scale
                scale /= 10
                position += 1
            }
        }
        var offset = 0
        if skip(90) || position == bytes.count {
            offset = 0
        } else if position < bytes.count, bytes[position] == 43 || bytes[position] == 45 {
            let sign = bytes[position] == 45 ? -1 : 1
            position += 1
            guard let hours = number(2) else { return nil }
            _ = skip(58)
            offset = sign * (hours * 3600 + (number(2) ?? 0) * 60)
        } else {
            return nil
        }
        // Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
