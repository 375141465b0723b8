/// Turns an option's text into its value, or a usage error naming the option and what it expects.
struct ValueParser<Value: Sendable>: Sendable {
    /// The text and the option's long name, for the message.
    let parse: @Sendable (_ text: String, _ option: String) throws(UsageError) -> Value
}

extension ValueParser where Value == String {
    static let text = ValueParser { text, _ in text }
}

extension ValueParser where Value == Int {
    static func integer(in range: ClosedRange<Int>) -> ValueParser {
        ValueParser { text, option throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "option '--\(option)' expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
            }
            return number
        }
    }

    /// A size in bytes: `33554432`, `32M`, `512K`, `1G`, `32MB`.
    static let bytes = ValueParser { text, option throws(UsageError) in
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.uppercased())
        var multiplier = 1
        if digits.hasSuffix("B"), digits.count > 1, units[digits[digits.index(before: digits.index(before: digits.endIndex))]] != nil {
            digits = digits.dropLast()
        }
        if let last = digits.last, let unit = units[last] { multiplier = unit; digits = digits.dropLast() }
        guard let number = Int(digits), number > 0, number <= Int.max / multiplier else {
            throw UsageError("--\(option) expects a size such as 33554432, 32M or 512K, got '\(text)'")
        }
        return number * multiplier
    }
}

extension ValueParser where Value == Double {
    /// Seconds, more than zero and at most an hour.
    static let seconds = ValueParser { text, option throws(UsageError) in
        guard let number = Double(text), number > 0, number <= 3600 else {
            throw UsageError("option '--\(option)' expects seconds (e.g. 10 or 0.5), got '\(text)'")
        }
        return number
    }
}
