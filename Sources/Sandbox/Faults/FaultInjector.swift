import Foundation
import HTTPServer

/// Applies the faults pinned to one route, at the stage of answering where each belongs: a pause
/// first, then answers that replace the route's work, then edits of the payload, then damage to
/// the bytes on the wire.
struct FaultInjector {
    private let faults: [SandboxFault]

    init(faults: [SandboxFault], route: SandboxRoute) {
        self.faults = faults.filter { $0.route == route.rawValue }
    }

    func pause() {
        for case let .delay(_, milliseconds) in faults where milliseconds > 0 {
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        }
    }

    /// An answer that stands in for the route's own; the route then changes no state.
    func replacementAnswer() -> ServerResponse? {
        for fault in faults {
            switch fault {
            case let .envelopeCode(_, code, msg): return .envelope(code: code, msg: msg, datas: .null)
            case let .html(_, status): return .nginxErrorPage(status: status)
            default: continue
            }
        }
        return nil
    }

    func rewrite(_ payload: SandboxJSON) -> SandboxJSON {
        faults.reduce(payload) { payload, fault in
            switch fault {
            case let .renameField(_, from, to): payload.renamingKeys(from, to: to)
            case let .replaceField(_, key, json): payload.replacingValues(of: key, with: Self.value(json))
            case let .addField(_, key, json): payload.addingMember(key, value: Self.value(json))
            case let .removeField(_, key): payload.removingMembers(key)
            default: payload
            }
        }
    }

    func damage(_ response: ServerResponse) -> ServerResponse {
        var response = response
        for fault in faults {
            switch fault {
            case let .hugeBody(_, bytes):
                response.body = Self.padded(response.body, to: bytes)
            case .truncate:
                response.truncateAfter = response.body.count / 2
            default:
                continue
            }
        }
        return response
    }

    /// Whitespace before the closing bracket: the document stays valid JSON with the same shape,
    /// only bigger.
    private static func padded(_ body: Data, to size: Int) -> Data {
        guard let last = body.last, last == UInt8(ascii: "}") || last == UInt8(ascii: "]"), body.count < size
        else { return body }
        var padded = body.dropLast()
        padded.append(Data(repeating: UInt8(ascii: " "), count: size - body.count))
        padded.append(last)
        return Data(padded)
    }

    /// A fault's raw JSON; text that does not parse is taken as a string, so a typo still drifts.
    private static func value(_ json: String) -> SandboxJSON {
        (try? SandboxJSONParser.parse(json)) ?? .string(json)
    }
}
