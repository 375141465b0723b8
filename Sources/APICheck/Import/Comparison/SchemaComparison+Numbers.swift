/// A number's kind changed, as the generated types take it: `Int` and `Int64` are both 64-bit on
/// every platform apicheck runs on, so `integer` and `integer (int64)` decode and encode the same
/// values; a `Double` decodes a whole number, an `Int` no fraction.
extension SchemaComparison {
    /// Whether the change is breaking, and why; nil when either kind is no number.
    static func numberChange(from oldKind: String, to newKind: String, newFormat: String?, direction: Direction)
        -> (breaking: Bool, reason: String)?
    {
        let integers: Set = ["integer", "integer (int64)"]
        let response = direction == .response
        switch (integers.contains(oldKind), integers.contains(newKind)) {
        case (true, true):
            if !response, newFormat == "int32" {
                return (true, "the server takes 32-bit values only, and the client's Int64 may send a larger one")
            }
            let declared = newKind == "integer" ? "Int" : "Int64"
            return (false, "Int and Int64 are both 64-bit, so the same values decode and encode; re-importing declares \(declared)")
        case (true, false) where newKind == "number":
            return response
                ? (true, "the generated Int does not decode a fraction")
                : (false, "the server takes any number, and the client sends whole ones")
        case (false, true) where oldKind == "number":
            return response ? (false, "the generated Double decodes a whole number") : (true, "the client's Double may send a fraction")
        default:
            return nil
        }
    }
}
