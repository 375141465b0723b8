import Foundation

extension SchemaRecorder {
    /// The schema of a type the wire knows directly, or nil. Dates follow the API's date strategy.
    func primitiveSchema(_ type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: return JSONSchema.type("string")
        case is Bool.Type: return JSONSchema.type("boolean")
        // An integer without a format, as `import-openapi` declares one `Int` (and one of
        // `int64` `Int64`): the re-export of an imported package writes back what it read.
        case is Int.Type: return JSONSchema.type("integer")
        case is Int64.Type: return JSONSchema.type("integer", format: "int64")
        case is Int32.Type, is Int16.Type, is Int8.Type: return JSONSchema.type("integer", format: "int32")
        case is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            return .object([("type", .string("integer")), ("minimum", .number("0"))])
        case is Double.Type: return JSONSchema.type("number", format: "double")
        case is Float.Type: return JSONSchema.type("number", format: "float")
        case is Decimal.Type: return JSONSchema.type("number")
        case is URL.Type: return JSONSchema.type("string", format: "uri")
        case is UUID.Type: return JSONSchema.type("string", format: "uuid")
        case is Data.Type: return .object([("type", .string("string")), ("contentEncoding", .string("base64"))])
        case is Date.Type: return dateSchema
        case is NoContent.Type: return JSONSchema.null
        case is BinaryBody.Type: return JSONSchema.type("string", format: "binary")
        // Any JSON at all: the empty schema, which every value meets (null, an array, a string).
        case is JSONValue.Type: return .object([])
        default: return nil
        }
    }

    /// A date as the API's strategy puts it on the wire.
    var dateSchema: JSONValue {
        switch dates {
        case .iso8601: return JSONSchema.type("string", format: "date-time")
        case .secondsSince1970:
            return .object([("type", .string("number")), ("description", .string("seconds since 1970-01-01T00:00:00Z"))])
        case .millisecondsSince1970:
            return .object([("type", .string("number")), ("description", .string("milliseconds since 1970-01-01T00:00:00Z"))])
        case .deferredToDate:
            return .object([("type", .string("number")), ("description", .string("seconds since 2001-01-01T00:00:00Z"))])
        }
    }

    /// A made-up value of a type the wire knows directly, or nil.
    func primitiveValue<T>(_ type: T.Type) -> T? {
        let value: Any?
        switch type {
        case is String.Type: value = ""
        case is Bool.Type: value = false
        case is Int.Type: value = 0 as Int
        case is Int64.Type: value = 0 as Int64
        case is Int32.Type: value = 0 as Int32
        case is Int16.Type: value = 0 as Int16
        case is Int8.Type: value = 0 as Int8
        case is UInt.Type: value = 0 as UInt
        case is UInt64.Type: value = 0 as UInt64
        case is UInt32.Type: value = 0 as UInt32
        case is UInt16.Type: value = 0 as UInt16
        case is UInt8.Type: value = 0 as UInt8
        case is Double.Type: value = 0 as Double
        case is Float.Type: value = 0 as Float
        case is Decimal.Type: value = Decimal(0)
        case is URL.Type: value = URL(string: "https://example.invalid/")
        case is UUID.Type: value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        case is Data.Type: value = Data()
        case is Date.Type: value = Date(timeIntervalSince1970: 0)
        case is NoContent.Type: value = NoContent()
        case is BinaryBody.Type: value = BinaryBody(content: Data())
        default: value = nil
        }
        return value as? T
    }
}
