extension ValueParser where Value == Double {
    /// An age in seconds: `90d`, `12h`, `30m`, `2w`; a bare number is days.
    static let age = ValueParser { text, option throws(UsageError) in
        let units: [Character: Double] = ["m": 60, "h": 3600, "d": 86400, "w": 7 * 86400]
        var digits = Substring(text.lowercased())
        var unit = 86400.0
        if let last = digits.last, let seconds = units[last] { unit = seconds; digits = digits.dropLast() }
        guard let number = Double(digits), number > 0, number.isFinite else {
            throw UsageError("--\(option) expects an age such as 90d, 12h or 2w, got '\(text)'")
        }
        return number * unit
    }
}
