/// One declared parameter of an endpoint.
public struct Parameter: Sendable, Equatable {
    public enum Location: String, Sendable, Equatable {
        case path, query, body, header
        /// A pair in the request's `Cookie` header (`Cookie: theme=dark; sid=…`).
        case cookie
    }

    public enum ValueType: String, Sendable, Equatable {
        case string = "String", int = "Int", int64 = "Int64", double = "Double", bool = "Bool"

        /// Whether `value` is acceptable, widening where no information is lost (an integer for a
        /// `Double`, a whole-number double for an `Int`). Returns the value as it will be sent.
        public func accept(_ value: ParameterValue) -> ParameterValue? {
            switch (self, value) {
            case (.string, .string), (.bool, .bool), (.double, .double): return value
            case (.int, .int), (.int64, .int): return value
            case let (.int, .double(number)), let (.int64, .double(number)):
                return number.rounded() == number && abs(number) < 9.0e15 ? .int(Int64(number)) : nil
            case let (.double, .int(number)): return .double(Double(number))
            default: return nil
            }
        }
    }

    public var name: String
    public var location: Location
    public var type: ValueType
    public var required: Bool
    /// What live checks send when the caller gives nothing.
    public var sample: Sample?
    /// Never printed: passwords and the like show as `***` in every output.
    public var secret: Bool
    /// Set for a parameter that carries a list of `type` values, and how the list travels.
    public var list: ListStyle?
    /// The values the parameter takes (an OpenAPI `enum`), as they are written in a request;
    /// nil for any value of its type. A list's items are each one of them.
    public var allowed: [String]?
    /// Whether a query parameter may be sent with no value (`?flag` or `?flag=`, OpenAPI's
    /// `allowEmptyValue`): present, and for a `Bool`, true.
    public var allowsEmptyValue = false
    /// Whether a path parameter's value may be the whole address of what the path names up to and
    /// including it (an href an answer gives, `/api/repositories/7/`), as APIs that link their
    /// objects by address take it (`holdingAddress()`).
    public var holdsAddress = false
    /// The form a `String` parameter's text takes (`formatted(_:)`); nil for any text.
    public var format: TextFormat?
    /// Whether the sample was made up from the schema, not written by a person or taken from a
    /// document's example (`madeUp()`): a client-error refusal of it is not checked, as a made-up
    /// body's is (`RequestBody.isMadeUp`).
    public var isMadeUp = false

    public init(
        _ name: String, in location: Location, _ type: ValueType, required: Bool = true,
        sample: Sample? = nil, secret: Bool = false
    ) {
        self.name = name
        self.location = location
        self.type = type
        self.required = required
        self.sample = sample
        self.secret = secret
    }

    /// The parameter, taking only `values` (`.query("f", .string).allowing(["json", "html"])`):
    /// `serve` and `proxy` find any other value; `apicheck openapi` writes them as its `enum`.
    public func allowing(_ values: [String]) -> Parameter {
        var parameter = self
        parameter.allowed = values
        return parameter
    }

    /// The parameter, also taking an empty value in the query (`.query("verbose", .bool).allowingEmptyValue()`
    /// takes `?verbose` as true): `serve` and `proxy` find no fault with it, and `apicheck openapi`
    /// writes it as `allowEmptyValue`. Live checks still send the sample.
    public func allowingEmptyValue() -> Parameter {
        var parameter = self
        parameter.allowsEmptyValue = true
        return parameter
    }

    /// The path parameter, also taking the whole address of what the path names up to it
    /// (`api/repositories/{repository}/sync/` with `/api/repositories/7/`): live sends that
    /// address as it is, reserved characters kept, in place of the path's text before and of the
    /// placeholder, so an href read from an answer or a variable reaches the object it names. A
    /// value without a `/` is one segment, sent as any path value; serve and proxy route one segment.
    public func holdingAddress() -> Parameter {
        var parameter = self
        parameter.holdsAddress = true
        return parameter
    }

    /// The `String` parameter, taking only text in `format` (`.path("id", .string).formatted(.uuid)`):
    /// `serve` and `proxy` find text in another form; `apicheck openapi` writes it as the `format`.
    public func formatted(_ format: TextFormat) -> Parameter {
        var parameter = self
        parameter.format = format
        return parameter
    }

    /// The parameter, its sample made up from the schema (`.query("limit", .int, sample: .literal(0)).madeUp()`):
    /// `live` reports a server's client-error refusal of it as not checked, not as the endpoint's error.
    public func madeUp() -> Parameter {
        var parameter = self
        parameter.isMadeUp = true
        return parameter
    }

    /// Whether `text`, as a request carries it, is the empty value this parameter takes.
    public func isAcceptedEmpty(_ text: String) -> Bool {
        allowsEmptyValue && location == .query && text.isEmpty
    }

    public static func path(_ name: String, _ type: ValueType, sample: Sample? = nil) -> Parameter {
        Parameter(name, in: .path, type, required: true, sample: sample)
    }

    public static func query(_ name: String, _ type: ValueType, required: Bool = false, sample: Sample? = nil) -> Parameter {
        Parameter(name, in: .query, type, required: required, sample: sample)
    }

    public static func body(_ name: String, _ type: ValueType, required: Bool = true, sample: Sample? = nil, secret: Bool = false)
        -> Parameter
    {
        Parameter(name, in: .body, type, required: required, sample: sample, secret: secret)
    }

    /// A list in the query, in the declared style: `.queryList("match", .string, .brackets)`
    /// sends `match[]=a&match[]=b`.
    public static func queryList(
        _ name: String, _ type: ValueType, _ style: ListStyle, required: Bool = false,
        sample: Sample? = nil
    ) -> Parameter {
        var parameter = Parameter(name, in: .query, type, required: required, sample: sample)
        parameter.list = style
        return parameter
    }

    /// A list in a path segment, its items comma-joined (`items/{ids}` → `items/3,4,5`, OpenAPI's
    /// `simple` style), each escaped as a path value is.
    public static func pathList(_ name: String, _ type: ValueType, sample: Sample? = nil) -> Parameter {
        var parameter = Parameter(name, in: .path, type, required: true, sample: sample)
        parameter.list = .commaSeparated
        return parameter
    }

    /// A list in a header, its items comma-joined (`X-Ids: 3,4,5`); `serve` reads `3, 4, 5` too.
    public static func headerList(_ name: String, _ type: ValueType = .string, required: Bool = false, sample: Sample? = nil) -> Parameter {
        var parameter = Parameter(name, in: .header, type, required: required, sample: sample)
        parameter.list = .commaSeparated
        return parameter
    }

    /// A list in the body: a JSON array; in a form body, the field repeated (or `name[]`).
    public static func bodyList(_ name: String, _ type: ValueType, required: Bool = true, sample: Sample? = nil) -> Parameter {
        var parameter = Parameter(name, in: .body, type, required: required, sample: sample)
        parameter.list = .repeated
        return parameter
    }

    /// A named value a typed request body's sample is made from (`RequestBody.json(_:inputs:sample:)`):
    /// its sample works as a parameter's, and a secret one never prints wherever the body puts it.
    public static func input(
        _ name: String, _ type: ValueType, required: Bool = true, sample: Sample? = nil,
        secret: Bool = false
    ) -> Parameter {
        Parameter(name, in: .body, type, required: required, sample: sample, secret: secret)
    }

    public static func header(_ name: String, _ type: ValueType = .string, required: Bool = false, sample: Sample? = nil) -> Parameter {
        Parameter(name, in: .header, type, required: required, sample: sample)
    }

    /// A cookie the endpoint reads (`Cookie: theme=dark`), sent in the request's one `Cookie`
    /// header beside any other, the session cookie included.
    public static func cookie(_ name: String, _ type: ValueType = .string, required: Bool = false, sample: Sample? = nil) -> Parameter {
        Parameter(name, in: .cookie, type, required: required, sample: sample)
    }
}
