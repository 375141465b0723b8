/// A value bound to a statement's parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
    static func optional(_ number: Int?) -> SQLiteValue { number.map { .integer(Int64($0)) } ?? .null }
    static func optional(_ number: Double?) -> SQLiteValue { number.map(SQLiteValue.real) ?? .null }
}
