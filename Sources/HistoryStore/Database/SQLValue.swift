/// A value bound to a statement's parameter, in SQLite or PostgreSQL.
enum SQLValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func optional(_ number: Int?) -> SQLValue { number.map { .integer(Int64($0)) } ?? .null }
    static func optional(_ number: Double?) -> SQLValue { number.map(SQLValue.real) ?? .null }
}
