@testable import APICheck
import Foundation
import Testing

/// A value of several kinds is `{}` only when it takes every JSON value; a union that covers the
/// five kinds with a narrower branch keeps its branches, or the export would widen the contract
/// and `import-openapi --check` could not pair them.
@Suite struct SchemaRecorderUnionTests {
    /// What `import-openapi` writes for a document's "any JSON" `anyOf` (string, integer, number,
    /// boolean, a map of anything, a list of anything).
    enum Metadata: Decodable {
        case string(String), integer(Int), number(Double), boolean(Bool), object([String: JSONValue]), array([JSONValue])

        init(from decoder: any Decoder) throws {
            if let value = try? OneOfDecoding.branch(String.self, from: decoder) { self = .string(value); return }
            if let value = try? OneOfDecoding.branch(Int.self, from: decoder) { self = .integer(value); return }
            if let value = try? OneOfDecoding.branch(Double.self, from: decoder) { self = .number(value); return }
            if let value = try? OneOfDecoding.branch(Bool.self, from: decoder) { self = .boolean(value); return }
            if let value = try? OneOfDecoding.branch([String: JSONValue].self, from: decoder) { self = .object(value); return }
            self = .array(try OneOfDecoding.branch([JSONValue].self, from: decoder))
        }
    }

    /// A hand-written "any JSON" type that holds itself.
    indirect enum Value: Decodable {
        case text(String), number(Double), flag(Bool), list([Value]), map([String: Value])

        init(from decoder: any Decoder) throws {
            if let value = try? OneOfDecoding.branch(String.self, from: decoder) { self = .text(value); return }
            if let value = try? OneOfDecoding.branch(Double.self, from: decoder) { self = .number(value); return }
            if let value = try? OneOfDecoding.branch(Bool.self, from: decoder) { self = .flag(value); return }
            if let value = try? OneOfDecoding.branch([Value].self, from: decoder) { self = .list(value); return }
            self = .map(try OneOfDecoding.branch([String: Value].self, from: decoder))
        }
    }

    struct Limits: Decodable { var max: Int }

    /// Every kind again, but an object is a `Limits`.
    enum Setting: Decodable {
        case text(String), number(Double), flag(Bool), list([JSONValue]), limits(Limits)

        init(from decoder: any Decoder) throws {
            if let value = try? OneOfDecoding.branch(String.self, from: decoder) { self = .text(value); return }
            if let value = try? OneOfDecoding.branch(Double.self, from: decoder) { self = .number(value); return }
            if let value = try? OneOfDecoding.branch(Bool.self, from: decoder) { self = .flag(value); return }
            if let value = try? OneOfDecoding.branch([JSONValue].self, from: decoder) { self = .list(value); return }
            self = .limits(try OneOfDecoding.branch(Limits.self, from: decoder))
        }
    }

    /// Every kind again, but a list holds strings.
    enum Label: Decodable {
        case text(String), number(Double), flag(Bool), names([String]), map([String: JSONValue])

        init(from decoder: any Decoder) throws {
            if let value = try? OneOfDecoding.branch(String.self, from: decoder) { self = .text(value); return }
            if let value = try? OneOfDecoding.branch(Double.self, from: decoder) { self = .number(value); return }
            if let value = try? OneOfDecoding.branch(Bool.self, from: decoder) { self = .flag(value); return }
            if let value = try? OneOfDecoding.branch([String].self, from: decoder) { self = .names(value); return }
            self = .map(try OneOfDecoding.branch([String: JSONValue].self, from: decoder))
        }
    }

    @Test func aUnionOfEveryValueIsAnyJSON() throws {
        #expect(try SchemaRecorder().schema(for: Metadata.self) == .object([]))
    }

    @Test func aUnionOfEveryValueThatHoldsItselfIsAnyJSON() throws {
        let recorder = SchemaRecorder()
        let schema = try recorder.schema(for: Value.self)
        #expect(recorder.components["Value"] ?? schema == .object([]), "\(schema.compactText)")
    }

    @Test func aUnionOfEveryKindWithAnObjectOfItsOwnKeepsItsBranches() throws {
        let recorder = SchemaRecorder()
        let schema = try recorder.schema(for: Setting.self)
        guard case let .array(branches)? = schema["anyOf"] else { Issue.record("no anyOf: \(schema.compactText)"); return }
        #expect(branches.count == 5, "\(schema.compactText)")
        #expect(branches.contains(.object([("$ref", .string("#/components/schemas/Limits"))])))
        #expect(recorder.components["Limits"]?["required"] == .array([.string("max")]))
    }

    @Test func aUnionOfEveryKindWithAListOfStringsKeepsItsBranches() throws {
        let schema = try SchemaRecorder().schema(for: Label.self)
        guard case let .array(branches)? = schema["anyOf"] else { Issue.record("no anyOf: \(schema.compactText)"); return }
        #expect(branches.contains { $0["items"] == .object([("type", .string("string"))]) }, "\(schema.compactText)")
    }
}
