import Foundation

/// The headers a mock file is answered with besides its body: `mocks/.headers/<mock file>`, a
/// JSON object of names and values (`{"X-Total-Count": "42"}`). They are the headers an endpoint
/// declares the app reads (`answering(headers:)`): `record` writes them from the answer, the replay
/// and `serve` send them, and `mocks` proves them.
public enum MockHeaders {
    /// The folder inside the mocks folder; hidden, so that it is never read as a mock.
    public static let folder = ".headers"
    /// A file of headers is a few lines: one larger than this is not one, and is not read.
    public static let maxFileBytes = 64 << 10

    /// Headers a server writes itself, that frame the exchange or open a session: a file that
    /// names one would answer with two of them, break the framing, or hand out a session cookie
    /// serve never issued.
    static let reserved: Set<String> = [
        "content-type", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "upgrade",
        "te", "trailer", "date", "set-cookie",
    ]

    /// What is wrong with a file of headers, at the JSONPath where it is.
    public struct Problem: Error, Sendable, Equatable {
        public var file: String
        public var path: JSONPath?
        public var message: String
    }

    /// The path of the file of headers of the mock file named `name` in `folder`.
    public static func path(of name: String, in folder: URL) -> URL {
        folder.appendingPathComponent(Self.folder).appendingPathComponent(name)
    }

    /// The file's headers in its order, or what is wrong with it.
    public static func parse(_ data: Data, file: String) -> Result<[(name: String, value: String)], Problem> {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONParser.parse(data)
        } catch {
            return .failure(Problem(file: file, path: error.path, message: "not JSON: \(error.description)"))
        }
        guard case let .object(members) = document else {
            return .failure(
                Problem(
                    file: file, path: .root, message: "a file of headers is a JSON object of names and values, {\"ETag\": \"\\\"v1\\\"\"}"))
        }
        var headers: [(name: String, value: String)] = []
        for (name, value) in members {
            let at = JSONPath.root.appending(name)
            guard isToken(name) else {
                return .failure(Problem(file: file, path: at, message: "\"\(DisplayText.escaped(name))\" is not a header name"))
            }
            guard !reserved.contains(name.lowercased()) else {
                return .failure(Problem(file: file, path: at, message: "\(name) is written by the server itself, never taken from a file"))
            }
            guard case let .string(text) = value else {
                return .failure(Problem(file: file, path: at, message: "a header's value is its text, a JSON string"))
            }
            // A line break in a value would end the header and begin another the file never named.
            guard text.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                return .failure(Problem(file: file, path: at, message: "a header's value holds a control character"))
            }
            headers.append((name, text))
        }
        return .success(headers)
    }

    /// The file's text for these headers, in the format every written mock has.
    public static func text(_ headers: [(name: String, value: String)]) -> String {
        JSONValue.object(headers.map { ($0.name, .string($0.value)) }).prettyText + "\n"
    }

    /// RFC 9110's token: the characters a header name may have.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
