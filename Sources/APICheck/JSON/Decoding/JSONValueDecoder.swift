import Foundation

/// Decodes a `Decodable` type from a `JSONValue`, for diagnosis rather than speed: a failure is a
/// `DecodingFailure` with the exact JSONPath from the document root, and every field the type
/// reads is recorded as a `FieldRead`.
///
/// The client's hot path uses `JSONDecoder`; this runs when that fails (to say precisely why) and
/// when live checks need to know which fields a type reads.
public struct JSONValueDecoder {
    public var dates: DateDecoding
    /// Set to read a form body (`application/x-www-form-urlencoded`) turned into an object of
    /// text values (`FormBody.document`): numbers and flags are read from their text, and a
    /// list field from its items in this style.
    public var formLists: ListStyle?
    /// Set to hold a request to the values its types list: a type that states an `enum` of
    /// values (`OpenAPISchemaProviding`, as the import's string enums do) refuses any other, though
    /// it would keep one from a server as `unknown` (a client must send only what is listed).
    public var listedValuesOnly = false

    public init(dates: DateDecoding = .deferredToDate, formLists: ListStyle? = nil) {
        self.dates = dates
        self.formLists = formLists
    }

    public struct Result<T> {
        public var value: T
        public var reads: [FieldRead]
    }

    /// Decodes `type` from `value`, which sits at `base` in its document (`$.datas`).
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at base: JSONPath = .root) throws(DecodingFailure) -> Result<T>
    {
        let decoded = try decodeReads(type, from: value, at: base)
        return Result(value: decoded.value, reads: decoded.reads.sortedReads)
    }

    /// As `decode`, with the reads as the log kept them: listing and sorting them is left to
    /// whoever needs the list.
    func decodeReads<T: Decodable>(_ type: T.Type, from value: JSONValue, at base: JSONPath = .root) throws(DecodingFailure) -> (
        value: T, reads: ReadTree
    ) {
        // A form's lists read a field as one item or several: its decodes grow their own trees.
        let start = formLists == nil ? ReadSkeletons.tree(for: T.self, at: base) : ReadTree()
        let log = ReadLog(dates: dates, formLists: formLists, listedValuesOnly: listedValuesOnly, tree: start)
        let node = log.node(for: base)
        // The payload itself is read: a payload of the wrong kind is the type's business too.
        log.record(node, T.self, required: true)
        let decoder = ValueDecoder(value: value, path: base, node: node, log: log)
        do {
            let decoded = try T(from: decoder)
            let reads = log.reads
            if formLists == nil { ReadSkeletons.learn(reads, for: T.self, at: base, started: start.nodes.count) }
            return (decoded, reads)
        } catch let failure as DecodingFailure {
            throw failure
        } catch let error as DecodingError {
            throw Self.failure(from: error, at: base, value: value, type: T.self)
        } catch {
            throw DecodingFailure(path: base, expected: String(describing: T.self), found: "an error", note: "\(error)")
        }
    }

    /// Types with their own `init(from:)` (enums with raw values, custom decoders) throw their own
    /// `DecodingError`s. Their coding paths are already absolute (this decoder's paths start at the
    /// document root); `value` is what sits at `path`, to say what was found.
    static func failure(from error: DecodingError, at path: JSONPath, value: JSONValue, type: Any.Type) -> DecodingFailure {
        func located(_ codingPath: [CodingKey]) -> (JSONPath, JSONValue?) {
            let absolute = Self.path(codingPath)
            guard absolute.components.starts(with: path.components) else { return (path, value) }
            let relative = JSONPath(Array(absolute.components.dropFirst(path.components.count)))
            return (absolute, value.value(at: relative))
        }
        switch error {
        case let .typeMismatch(expected, context):
            let (where_, found) = located(context.codingPath)
            return DecodingFailure(
                path: where_, expected: ReadLog.typeName(expected), found: found?.kindName ?? "absent",
                note: context.debugDescription)
        case let .valueNotFound(expected, context):
            return DecodingFailure(path: located(context.codingPath).0, expected: ReadLog.typeName(expected), found: "null")
        case let .keyNotFound(key, context):
            return DecodingFailure(path: located(context.codingPath).0.appending(key.stringValue), expected: "a value", found: "absent")
        case let .dataCorrupted(context):
            let (where_, found) = located(context.codingPath)
            return DecodingFailure(
                path: where_, expected: where_ == path ? ReadLog.typeName(type) : "valid data",
                found: found?.kindName ?? "absent", note: context.debugDescription)
        @unknown default:
            return DecodingFailure(path: path, expected: ReadLog.typeName(type), found: value.kindName, note: "\(error)")
        }
    }

    static func path(_ codingPath: [CodingKey]) -> JSONPath {
        JSONPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
