import APICheck
import Foundation
import Testing

/// A union as `import-openapi` writes it for branches that each carry a one-value tag (Prefect's
/// `StateAcceptDetails` with `type: {const: "accept_details"}`, optional, with a default): the tag
/// is a string enum that states its values, and the export maps each tag value to its branch.
@Suite struct ImportedUnionExportTests {
    enum AcceptType: Codable, Sendable, Hashable, OpenAPISchemaProviding {
        case acceptDetails
        case unknown(String)
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            self = text == "accept_details" ? .acceptDetails : .unknown(text)
        }
        func encode(to encoder: any Encoder) throws {}
        static var openAPISchema: JSONValue { .object([("type", .string("string")), ("enum", .array([.string("accept_details")]))]) }
    }
    enum WaitType: Codable, Sendable, Hashable, OpenAPISchemaProviding {
        case waitDetails
        case unknown(String)
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            self = text == "wait_details" ? .waitDetails : .unknown(text)
        }
        func encode(to encoder: any Encoder) throws {}
        static var openAPISchema: JSONValue { .object([("type", .string("string")), ("enum", .array([.string("wait_details")]))]) }
    }
    struct Accept: Codable, Sendable { var type: AcceptType? }
    struct Wait: Codable, Sendable {
        var type: WaitType?
        var delay: Int?
    }

    indirect enum Details: Codable, Sendable, OpenAPIOneOfProviding {
        case accept(Accept)
        case wait(Wait)
        case unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OneOfDecoding.Key.self)
            switch try container.decode(String.self, forKey: OneOfDecoding.Key("type")) {
            case "accept_details": self = .accept(try OneOfDecoding.branch(Accept.self, from: decoder))
            case "wait_details": self = .wait(try OneOfDecoding.branch(Wait.self, from: decoder))
            default: self = .unknown(try decoder.singleValueContainer().decode(JSONValue.self))
            }
        }
        func encode(to encoder: any Encoder) throws {}
        static var openAPIBranches: [any Decodable.Type] { [Accept.self, Wait.self] }
        static var openAPIDiscriminator: String { "type" }
    }

    struct Result: Codable, Sendable { var details: Details }

    struct TimeDelta: Codable, Sendable {
        var type: String
        var days: Int?
        enum CodingKeys: String, CodingKey {
            case type = "__type"
            case days
        }
    }
    struct CronExpression: Codable, Sendable {
        var type: String
        var value: String?
        enum CodingKeys: String, CodingKey {
            case type = "__type"
            case value
        }
    }

    /// Airflow's `ScheduleInterval` as an earlier import wrote it, its branches the optionals of
    /// `nullable` components: a discriminated branch never holds null, so each is recorded as
    /// its component and the mapping names it.
    indirect enum ScheduleInterval: Codable, Sendable, OpenAPIOneOfProviding {
        case timeDelta(TimeDelta?)
        case cronExpression(CronExpression?)
        case unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OneOfDecoding.Key.self)
            switch try container.decode(String.self, forKey: OneOfDecoding.Key("__type")) {
            case "TimeDelta": self = .timeDelta(try OneOfDecoding.branch(TimeDelta?.self, from: decoder))
            case "CronExpression": self = .cronExpression(try OneOfDecoding.branch(CronExpression?.self, from: decoder))
            default: self = .unknown(try decoder.singleValueContainer().decode(JSONValue.self))
            }
        }
        func encode(to encoder: any Encoder) throws {}
        static var openAPIBranches: [any Decodable.Type] { [TimeDelta?.self, CronExpression?.self] }
        static var openAPIDiscriminator: String { "__type" }
    }

    struct DAG: Codable, Sendable {
        var scheduleInterval: ScheduleInterval?
        enum CodingKeys: String, CodingKey { case scheduleInterval = "schedule_interval" }
    }

    @Test func anOptionalBranchIsRecordedAsItsComponent() throws {
        let endpoint = Endpoint<DAG>(id: "dags.show", .get, "dags/1", mock: "dag", enveloped: false)
        let built = try OpenAPIDocument(api: API(name: "dags", envelope: .none, endpoints: [endpoint])).build()
        let union = built.document["components"]?["schemas"]?["ScheduleInterval"]
        #expect(
            union?["oneOf"]
                == .array([
                    .object([("$ref", .string("#/components/schemas/TimeDelta"))]),
                    .object([("$ref", .string("#/components/schemas/CronExpression"))]),
                ]),
            "\(union?.compactText ?? "-")")
        let mapping = union?["discriminator"]?["mapping"]
        #expect(mapping?["TimeDelta"] == .string("#/components/schemas/TimeDelta"), "\(union?.compactText ?? "-") \(built.warnings)")
        #expect(mapping?["CronExpression"] == .string("#/components/schemas/CronExpression"))
        #expect(built.warnings.isEmpty, "\(built.warnings)")
    }

    @Test func eachTagValueMapsToItsBranch() throws {
        let endpoint = Endpoint<Result>(id: "runs.resume", .post, "runs/resume", mock: "resume", enveloped: false)
        let api = API(name: "runs", envelope: .none, endpoints: [endpoint])
        let built = try OpenAPIDocument(api: api).build()
        let union = built.document["components"]?["schemas"]?["Details"]
        let mapping = union?["discriminator"]?["mapping"]
        #expect(mapping?["accept_details"] == .string("#/components/schemas/Accept"), "\(union?.compactText ?? "-") \(built.warnings)")
        #expect(mapping?["wait_details"] == .string("#/components/schemas/Wait"))
    }
}
