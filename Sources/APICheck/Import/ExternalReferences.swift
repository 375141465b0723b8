import Foundation

/// A document split over several files or URLs made one: every `$ref` to another document
/// (`pet.yaml`, `common.yaml#/components/schemas/Error`, an OGC schema by URL) is followed and
/// brought in, so the import reads one document as it reads any other. A schema goes among the
/// document's own (`components/schemas`, or Swagger's `definitions`) under the name its pointer
/// or file gives it, once, so that its type keeps that name and a recursive one refers to itself;
/// anything else (a parameter, an answer, a path item) is put where it was referred to. A
/// reference inside a document brought in, local to that document (`#/components/schemas/Tag`)
/// or to another, is followed the same way. A document that cannot be read, or a pointer that
/// leads nowhere in it, leaves its reference as it was, noted: the import then says it leads
/// nowhere, as for any such reference.
public struct ExternalReferences {
    /// Reads the document at an absolute URL (a file's, or an http(s) one) into a value.
    public typealias Loader = (URL) async throws -> JSONValue

    /// What the document holds after bundling, and what could not be brought in.
    public struct Bundled: Sendable {
        public var document: JSONValue
        /// The documents read, beside the first.
        public var documentsRead: Int
        public var notes: [ImportNote]
        /// The documents references lead to that could not be read (a host not found, a file
        /// missing), as shown: what is missing from `document` because of where it was read, not
        /// because of what it says.
        public var unread: [String] = []
    }

    /// Past this many documents, further references are left as they are, noted.
    public static let documentLimit = 200

    private let load: Loader
    private let schemaHome: [String]
    private var documents: [URL: JSONValue] = [:]
    private var failures: [URL: String] = [:]
    /// By the absolute reference (`file:///a/common.yaml#/components/schemas/Error`), the local one.
    private var schemaNames: [String: String] = [:]
    private var takenNames: Set<String>
    private var broughtSchemas: [(name: String, value: JSONValue)] = []
    private var notes: [ImportNote] = []
    private var inlineDepth = 0

    private init(load: @escaping Loader, root: JSONValue) {
        self.load = load
        let swagger = root["swagger"] != nil
        schemaHome = swagger ? ["definitions"] : ["components", "schemas"]
        var existing: Set<String> = []
        var home: JSONValue? = root
        for key in schemaHome { home = home?[key] }
        if case let .object(members)? = home { existing = Set(members.map(\.key)) }
        takenNames = existing
    }

    /// `document`, read from `base`, with its references to other documents brought in.
    public static func bundle(_ document: JSONValue, base: URL, load: @escaping Loader) async -> Bundled {
        guard Self.refersElsewhere(document) else { return Bundled(document: document, documentsRead: 0, notes: []) }
        var bundler = ExternalReferences(load: load, root: document)
        var result = await bundler.rewrite(document, base: base, isRoot: true, at: [])
        if !bundler.broughtSchemas.isEmpty {
            result = Self.adding(bundler.broughtSchemas, under: bundler.schemaHome, to: result)
        }
        return Bundled(
            document: result, documentsRead: bundler.documents.count, notes: bundler.notes,
            unread: bundler.failures.keys.map { Self.shown($0) }.sorted())
    }

    /// Whether any `$ref` names another document: most documents are one file.
    static func refersElsewhere(_ value: JSONValue) -> Bool {
        switch value {
        case let .object(members):
            return members.contains { member in
                if member.key == "$ref", case let .string(reference) = member.value { return !reference.hasPrefix("#") }
                return refersElsewhere(member.value)
            }
        case let .array(items):
            return items.contains(where: refersElsewhere)
        default:
            return false
        }
    }

    /// The value with its references rewritten; `base` is the document it belongs to, and
    /// `isRoot` says whether that is the first (whose local references stay as they are).
    private mutating func rewrite(_ value: JSONValue, base: URL, isRoot: Bool, at tokens: [String]) async -> JSONValue {
        switch value {
        case let .object(members):
            if let reference = OpenAPISource.string(value["$ref"]), !(isRoot && reference.hasPrefix("#")) {
                if let replaced = await follow(reference, from: base, at: tokens) {
                    // Keywords beside a `$ref` (3.1's `description`) stay beside the local one.
                    let rest = members.filter { $0.key != "$ref" }
                    guard !rest.isEmpty, case let .object(target) = replaced else { return replaced }
                    var merged = target
                    for member in rest where !merged.contains(where: { $0.key == member.key }) {
                        merged.append((member.key, await rewrite(member.value, base: base, isRoot: isRoot, at: tokens + [member.key])))
                    }
                    return .object(merged)
                }
                return value
            }
            var rewritten: [(key: String, value: JSONValue)] = []
            rewritten.reserveCapacity(members.count)
            for member in members {
                rewritten.append((member.key, await rewrite(member.value, base: base, isRoot: isRoot, at: tokens + [member.key])))
            }
            return .object(rewritten)
        case let .array(items):
            var rewritten: [JSONValue] = []
            rewritten.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                rewritten.append(await rewrite(item, base: base, isRoot: isRoot, at: tokens + [String(index)]))
            }
            return .array(rewritten)
        default:
            return value
        }
    }

    /// What a reference becomes: a local reference to a schema brought in, or the value it
    /// points at, brought in; nil when it cannot be followed (noted).
    private mutating func follow(_ reference: String, from base: URL, at tokens: [String]) async -> JSONValue? {
        let (documentPart, fragment) = Self.split(reference)
        guard let target = documentPart.isEmpty ? base : URL(string: documentPart, relativeTo: base)?.absoluteURL else {
            note(tokens, "the reference '\(reference)' is no URL: left as it is")
            return nil
        }
        guard let document = await document(at: target, for: reference, at: tokens) else { return nil }
        guard let pointed = OpenAPISource.value(in: document, at: fragment) else {
            note(tokens, "the reference '\(reference)' points at nothing in \(Self.shown(target)): left as it is")
            return nil
        }
        let key = Self.shown(target) + "#" + fragment
        if Self.isSchema(at: tokens, fragment: fragment) {
            if let name = schemaNames[key] { return Self.localReference(schemaHome, name) }
            let name = uniqueName(Self.name(fragment: fragment, url: target))
            schemaNames[key] = name
            // Named before its own references are followed: a recursive schema refers to itself.
            let brought = await rewrite(pointed, base: target, isRoot: false, at: schemaHome + [name])
            broughtSchemas.append((name, brought))
            return Self.localReference(schemaHome, name)
        }
        guard inlineDepth < 32 else {
            note(tokens, "the reference '\(reference)' is nested too deep (a cycle?): left as it is")
            return nil
        }
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        return await rewrite(pointed, base: target, isRoot: false, at: tokens)
    }

    private mutating func document(at url: URL, for reference: String, at tokens: [String]) async -> JSONValue? {
        var bare = URLComponents(url: url, resolvingAgainstBaseURL: true)
        bare?.fragment = nil
        let address = bare?.url ?? url
        if let known = documents[address] { return known }
        if let failure = failures[address] {
            note(tokens, "the reference '\(reference)' is in \(Self.shown(address)), which \(failure): left as it is")
            return nil
        }
        guard documents.count < Self.documentLimit else {
            failures[address] = "is past the \(Self.documentLimit) documents read"
            note(tokens, "the reference '\(reference)' is in one document more than the \(Self.documentLimit) read: left as it is")
            return nil
        }
        do {
            let read = try await load(address)
            documents[address] = read
            return read
        } catch {
            failures[address] = "cannot be read (\(error))"
            note(tokens, "the reference '\(reference)' is in \(Self.shown(address)), which cannot be read (\(error)): left as it is")
            return nil
        }
    }

    private mutating func note(_ tokens: [String], _ message: String) {
        notes.append(ImportNote(.notMapped, at: OpenAPISource.location(tokens), message))
    }

    private mutating func uniqueName(_ wanted: String) -> String {
        var name = wanted.isEmpty ? "External" : wanted
        var counter = 2
        while takenNames.contains(name) {
            name = wanted + String(counter)
            counter += 1
        }
        takenNames.insert(name)
        return name
    }

    /// Whether the place that refers, or the pointer it names, is a schema's: a schema brought
    /// in is named and shared, anything else is put in place.
    static func isSchema(at tokens: [String], fragment: String) -> Bool {
        let pointer = fragment.split(separator: "/").map(String.init)
        if pointer.contains("schemas") || pointer.contains("definitions") || pointer.contains("$defs") { return true }
        for kind in ["parameters", "responses", "requestBodies", "headers", "examples", "pathItems", "links", "callbacks"]
        where pointer.first == "components" && pointer.dropFirst().first == kind {
            return false
        }
        guard let last = tokens.last else { return false }
        let parent = tokens.count > 1 ? tokens[tokens.count - 2] : ""
        if ["schema", "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"].contains(last) {
            return true
        }
        return ["properties", "patternProperties", "allOf", "anyOf", "oneOf", "prefixItems", "schemas", "definitions", "$defs"]
            .contains(parent)
    }

    /// A name from the pointer's last token (`Error`), else the file's name (`pet.yaml` → `Pet`).
    static func name(fragment: String, url: URL) -> String {
        let last = fragment.split(separator: "/").last.map { Self.unescaped(String($0)) }
        let stem = last ?? url.deletingPathExtension().lastPathComponent
        let allowed = stem.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" || $0 == "." }
        let text = String(String.UnicodeScalarView(allowed))
        guard let first = text.first else { return "External" }
        return first.uppercased() + text.dropFirst()
    }

    static func split(_ reference: String) -> (document: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    private static func unescaped(_ token: String) -> String {
        (token.removingPercentEncoding ?? token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private static func localReference(_ home: [String], _ name: String) -> JSONValue {
        .object([("$ref", .string(OpenAPISource.location(home + [name])))])
    }

    /// A file by its path, a URL without its query (which may hold a token).
    static func shown(_ url: URL) -> String {
        url.isFileURL ? url.path : URLDisplay.string(url, query: false)
    }

    /// `document` with `schemas` added under `home`, made where the document has none.
    private static func adding(_ schemas: [(name: String, value: JSONValue)], under home: [String], to document: JSONValue) -> JSONValue {
        guard let key = home.first, case var .object(members) = document else { return document }
        let rest = Array(home.dropFirst())
        let index = members.firstIndex { $0.key == key }
        let current = index.map { members[$0].value } ?? .object([])
        let updated: JSONValue
        if rest.isEmpty {
            guard case var .object(existing) = current else { return document }
            existing += schemas.map { ($0.name, $0.value) }
            updated = .object(existing)
        } else {
            updated = adding(schemas, under: rest, to: current)
        }
        if let index { members[index].value = updated } else { members.append((key, updated)) }
        return .object(members)
    }
}
