import Foundation
import HTTPServer
@testable import Sandbox

/// One answer of the sandbox, read back into a JSON tree.
struct Answer {
    var response: ServerResponse

    var status: Int { response.status }
    var text: String { String(decoding: response.body, as: UTF8.self) }
    var json: SandboxJSON { (try? SandboxJSONParser.parse(response.body)) ?? .string("<not JSON> " + text) }
    var code: Int64? { json["code"]?.intValue }
    var msg: String? { json["msg"]?.stringValue }
    var datas: SandboxJSON? { json["datas"] }
    var keys: [String] { Self.keys(of: json) }

    static func keys(of value: SandboxJSON?) -> [String] {
        guard case let .object(members)? = value else { return [] }
        return members.map(\.key)
    }
}
