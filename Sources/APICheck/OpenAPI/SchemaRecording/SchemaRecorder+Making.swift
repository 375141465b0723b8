import Foundation

extension SchemaRecorder {
    /// A value of a type that states its own schema, for the type that holds it: decoded from a
    /// value made from that schema (its `example` first), since its `init(from:)` may refuse the
    /// recording decoder's made-up values (that is why it states its schema).
    func provided<T: Decodable>(_ type: T.Type, schema: JSONValue, path: String) throws(SchemaRecordingError) -> T {
        let known = JSONValue.object([
            ("components", .object([("schemas", .object(components.keys.sorted().map { ($0, components[$0]!) }))]))
        ])
        let sample = ExampleMaker(source: OpenAPISource(root: known)).value(for: schema)
        let decoder = JSONDecoder()
        dates.apply(to: decoder)
        let refusal: any Error
        do {
            return try decoder.decode(T.self, from: Data(sample.compactText.utf8))
        } catch {
            refusal = error
        }
        // A schema without a usable example: the walk's made-up values may still do.
        if let made = try? make(type, recording: SchemaRecording(), path: path) as? T { return made }
        throw SchemaRecordingError(
            type: ReadLog.typeName(type), path: path,
            reason: "it states its schema (OpenAPISchemaProviding), but the type holding it needs a value of it, and neither the "
                + "recording decoder's made-up values nor \(sample.compactText.prefix(200)), made from its "
                + "openAPISchema, decodes (\(refusal)); put an \"example\" its init(from:) decodes in its openAPISchema")
    }

    func make(_ type: any Decodable.Type, recording: SchemaRecording, path: String) throws(SchemaRecordingError) -> any Decodable {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maxDepth else {
            throw SchemaRecordingError(
                type: ReadLog.typeName(type), path: path,
                reason:
                    "nested more than \(Self.maxDepth) levels deep: a type that contains itself needs an optional or an array in between")
        }
        let decoder = SchemaRecordingDecoder(recorder: self, recording: recording, path: path)
        do {
            return try type.init(from: decoder)
        } catch let error as SchemaRecordingError {
            throw error
        } catch {
            throw SchemaRecordingError(
                type: ReadLog.typeName(type), path: path,
                reason: "its init(from:) refused the recording decoder's made-up values (\(error)); "
                    + "make a raw-value enum CaseIterable, or adopt OpenAPISchemaProviding")
        }
    }

    /// The component name of a named type: its Swift name, with characters OpenAPI does not allow
    /// in a component name replaced by `_`, and `_2`, `_3`... when two types share a name.
    func componentName(_ type: any Decodable.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let base = String(ReadLog.typeName(type).map { allowed.contains($0) ? $0 : "_" })
        var name = base, suffix = 2
        while takenNames.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        takenNames.insert(name)
        names[id] = name
        return name
    }
}
