/// The values of a request body's inputs for one call, as its sample reads them:
/// `input.string("user")`. A value the call has none for (an optional input without a sample)
/// reads as empty, zero or false; `input["name"]` tells it apart.
public struct BodyInputs: Sendable {
    public let values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue]) {
        self.values = values
    }

    public subscript(name: String) -> ParameterValue? { values[name] }

    public func string(_ name: String) -> String { values[name]?.text ?? "" }

    public func int(_ name: String) -> Int {
        switch values[name] {
        case let .int(value)?: Int(value)
        case let .double(value)?: Int(exactly: value.rounded(.towardZero)) ?? 0
        case let value?: Int(value.text) ?? 0
        case nil: 0
        }
    }

    public func double(_ name: String) -> Double {
        switch values[name] {
        case let .int(value)?: Double(value)
        case let .double(value)?: value
        case let value?: Double(value.text) ?? 0
        case nil: 0
        }
    }

    public func bool(_ name: String) -> Bool {
        switch values[name] {
        case let .bool(value)?: value
        case let value?: value.text == "true"
        case nil: false
        }
    }

    /// A list input's items as text (a single value is a list of one).
    public func strings(_ name: String) -> [String] {
        switch values[name] {
        case let .list(items)?: items.map(\.text)
        case let value?: [value.text]
        case nil: []
        }
    }
}
