@testable import Sandbox

/// The names and JSON kinds of an object's members, in order, for comparing against docs/demo-api.md.
func layout(_ value: SandboxJSON?) -> [String] {
    guard case let .object(members)? = value else { return [] }
    return members.map { "\($0.key):\(kind($0.value))" }
}

func kind(_ value: SandboxJSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .double: "double"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
}
