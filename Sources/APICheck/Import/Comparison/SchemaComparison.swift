/// Compares the schema of a value in two versions of a document, as the generated Swift types see
/// it: the type each maps to, optional or not, the members of a struct, the values of a string
/// enum, the branches of a `oneOf`. Whether a difference is breaking depends on which way the
/// value travels: an answer is decoded by the client (it must still decode), a request is sent by
/// it (the server must still take what it sends).
///
/// A component both versions refer to (`#/components/schemas/Pet`) is compared once per
/// direction and its differences are listed under it, not under every operation that uses it.
struct SchemaComparison {
    enum Direction: Sendable {
        case request, response

        var words: String { self == .request ? "in requests" : "in answers" }
    }

    let old: OpenAPISource
    let new: OpenAPISource
    private(set) var changes: [OpenAPIChange] = []
    /// Component pairs compared (or being compared: recursion stops there), per direction.
    private var compared: Set<String> = []

    init(old: OpenAPISource, new: OpenAPISource) {
        self.old = old
        self.new = new
    }

    private struct Place {
        var subject: String
        var part: String
        var path: String
        var direction: Direction
        /// A member its object does not require (in the older document): the generated type
        /// holds it as an optional, which decodes null and leaves nil out of what it sends.
        var optionalMember = false

        func at(_ step: String) -> Place {
            var copy = self
            copy.path += step
            copy.optionalMember = false
            return copy
        }
    }

    static let componentPrefix = "#/components/schemas/"

    /// `root` is where the value sits: `$` for a body, nothing for a parameter. `neverNull` says the
    /// value itself is never sent as null: a parameter, which the client leaves out when nil.
    mutating func compare(
        _ before: JSONValue, _ after: JSONValue, direction: Direction, subject: String, part: String, root: String = "$",
        neverNull: Bool = false
    ) {
        compare(before, after, at: Place(subject: subject, part: part, path: root, direction: direction, optionalMember: neverNull))
    }

    private mutating func compare(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldInner, oldNullable) = Self.unwrapped(before, in: old)
        let (newInner, newNullable) = Self.unwrapped(after, in: new)
        if oldNullable != newNullable {
            let optional = place.optionalMember
            if newNullable {
                let breaking = place.direction == .response && !optional
                add(
                    .madeNullable, breaking: breaking, at: place,
                    breaking
                        ? "may now be null: the generated type does not take null"
                        : (place.direction == .response
                            ? "may now be null: the generated type is optional, so it decodes null" : "may now be null"))
            } else {
                let breaking = place.direction == .request && !optional
                add(
                    .madeNonNullable, breaking: breaking, at: place,
                    breaking
                        ? "may no longer be null: the client may send null"
                        : (place.direction == .request
                            ? "may no longer be null: the client leaves it out rather than sending null" : "is no longer null"))
            }
        }
        if let oldReference = OpenAPISource.string(oldInner["$ref"]), let newReference = OpenAPISource.string(newInner["$ref"]),
            oldReference.hasPrefix(Self.componentPrefix), newReference.hasPrefix(Self.componentPrefix)
        {
            compareComponents(oldReference, newReference, direction: place.direction)
            return
        }
        guard let oldSchema = old.resolve(oldInner), let newSchema = new.resolve(newInner) else { return }
        let oldKind = Self.kind(oldSchema, in: old)
        let newKind = Self.kind(newSchema, in: new)
        guard oldKind == newKind else {
            let newFormat = OpenAPISource.string(newSchema["format"])
            if let number = Self.numberChange(from: oldKind, to: newKind, newFormat: newFormat, direction: place.direction) {
                add(.typeChanged, breaking: number.breaking, at: place, "\(oldKind) became \(newKind): \(number.reason)")
                return
            }
            // `JSONValue` decodes any answer.
            let breaking = !(place.direction == .response && oldKind == "any")
            add(.typeChanged, breaking: breaking, at: place, "\(oldKind) became \(newKind)")
            return
        }
        switch oldKind {
        case "object":
            compareMembers(oldSchema, newSchema, at: place)
        case "array":
            compare(oldSchema["items"] ?? .object([]), newSchema["items"] ?? .object([]), at: place.at("[*]"))
        case "map":
            compare(oldSchema["additionalProperties"] ?? .object([]), newSchema["additionalProperties"] ?? .object([]), at: place.at(".*"))
        case "union":
            compareBranches(oldSchema, newSchema, at: place)
        default:
            compareEnums(oldSchema, newSchema, at: place)
        }
    }

    /// Compares two components once per direction, their differences listed under the component.
    private mutating func compareComponents(_ oldReference: String, _ newReference: String, direction: Direction) {
        let key = "\(direction) \(oldReference) \(newReference)"
        guard compared.insert(key).inserted else { return }
        let oldName = String(oldReference.dropFirst(Self.componentPrefix.count))
        let newName = String(newReference.dropFirst(Self.componentPrefix.count))
        guard let oldTarget = old.resolve(.object([("$ref", .string(oldReference))])),
            let newTarget = new.resolve(.object([("$ref", .string(newReference))]))
        else { return }
        let subject = oldName == newName ? "schema \(newName)" : "schema \(oldName) (now \(newName))"
        compare(oldTarget, newTarget, at: Place(subject: subject, part: direction.words, path: "$", direction: direction))
    }

    private mutating func compareMembers(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldMembers, oldRequired) = Self.properties(before, in: old)
        let (newMembers, newRequired) = Self.properties(after, in: new)
        let response = place.direction == .response
        // A component both versions include through `allOf` is compared as itself, and the
        // members it alone decides (added or removed with it) are left to it.
        let included = Self.includedComponents(before).filter { Self.includedComponents(after).contains($0) }
        var delegated: Set<String> = []
        for reference in included {
            compareComponents(reference, reference, direction: place.direction)
            let oldDecided = Self.decided(by: reference, members: oldMembers, required: oldRequired, in: old)
            let newDecided = Self.decided(by: reference, members: newMembers, required: newRequired, in: new)
            delegated.formUnion(
                oldDecided.union(newDecided).filter { name in
                    (oldDecided.contains(name) || !oldMembers.contains { $0.key == name })
                        && (newDecided.contains(name) || !newMembers.contains { $0.key == name })
                })
        }
        for (name, schema) in oldMembers where !delegated.contains(name) {
            var field = place.at(Self.step(name))
            let required = oldRequired.contains(name)
            field.optionalMember = !required
            // A required member that may be null is a Swift optional all the same: the generated
            // type decodes an answer without it.
            let nullable = required && Self.unwrapped(schema, in: old).1
            guard let counterpart = newMembers.first(where: { $0.key == name })?.value else {
                add(
                    .fieldRemoved, breaking: response && required && !nullable, at: field,
                    response
                        ? (!required
                            ? "removed: it was optional"
                            : nullable
                                ? "removed: it was nullable, so the generated type holds it as an optional and decodes an answer without it"
                                : "removed: the generated type requires it, so the answer no longer decodes")
                        : "removed: the server no longer reads it")
                continue
            }
            switch (required, newRequired.contains(name)) {
            case (true, false):
                add(
                    .madeOptional, breaking: response && !nullable, at: field,
                    !response
                        ? "made optional"
                        : nullable
                            ? "made optional: it was nullable, so the generated type holds it as an optional and decodes an answer without it"
                            : "made optional: the generated type requires it, so an answer without it does not decode")
            case (false, true):
                add(
                    .madeRequired, breaking: !response, at: field,
                    response ? "made required" : "made required: the client may leave it out")
            default:
                break
            }
            compare(schema, counterpart, at: field)
        }
        for (name, _) in newMembers where !oldMembers.contains(where: { $0.key == name }) && !delegated.contains(name) {
            let required = newRequired.contains(name)
            add(
                .fieldAdded, breaking: !response && required, at: place.at(Self.step(name)),
                response
                    ? "added: the client reads past it" : (required ? "added, required: the client does not send it" : "added, optional"))
        }
    }

    private mutating func compareEnums(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let oldValues = OpenAPISource.enumValues(before)
        let newValues = OpenAPISource.enumValues(after)
        guard !oldValues.isEmpty || !newValues.isEmpty else { return }
        let response = place.direction == .response
        if oldValues.isEmpty || newValues.isEmpty {
            // A closed set opened, or an open value closed.
            let closed = !newValues.isEmpty
            add(
                closed ? .enumValueRemoved : .enumValueAdded, breaking: closed && !response, at: place,
                closed ? "now limited to \(Self.shown(newValues))" : "no longer limited to \(Self.shown(oldValues))")
            return
        }
        let stringEnum = oldValues.allSatisfy { if case .string = $0 { true } else { false } }
        for value in newValues where !oldValues.contains(value) {
            add(
                .enumValueAdded, breaking: false, at: place,
                "value \(Self.shown([value])) added"
                    + (response && stringEnum ? ": the generated enum decodes it as .unknown" : ""))
        }
        for value in oldValues where !newValues.contains(value) {
            add(
                .enumValueRemoved, breaking: !response, at: place,
                "value \(Self.shown([value])) removed"
                    + (response ? "" : ": the client may send it"))
        }
    }

    private mutating func compareBranches(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let oldBranches = Self.branches(before, in: old)
        let newBranches = Self.branches(after, in: new)
        let response = place.direction == .response
        // A discriminated union decodes a branch it does not know as `.unknown`.
        let open = before["discriminator"] != nil
        let pairs = paired(oldBranches, newBranches)
        for (index, (label, schema)) in oldBranches.enumerated() {
            guard let counterpart = pairs[index] else {
                if Self.repeats(index, of: oldBranches, pairedAt: pairs.indices.filter { pairs[$0] != nil }, in: old) { continue }
                add(
                    .branchRemoved, breaking: !response, at: place,
                    "branch \(label) removed" + (response ? "" : ": the client may send it"))
                continue
            }
            compare(schema, newBranches[counterpart].schema, at: place)
        }
        let matched = Set(pairs.compactMap { $0 })
        for (index, (label, _)) in newBranches.enumerated() where !matched.contains(index) {
            if Self.repeats(index, of: newBranches, pairedAt: Array(matched), in: new) { continue }
            let breaking = response && !open
            add(
                .branchAdded, breaking: breaking, at: place,
                "branch \(label) added"
                    + (response ? (open ? ": the generated enum decodes it as .unknown" : ": the generated enum cannot decode it") : ""))
        }
    }

    private mutating func add(_ kind: OpenAPIChange.Kind, breaking: Bool, at place: Place, _ message: String) {
        changes.append(OpenAPIChange(kind, breaking: breaking, subject: place.subject, part: place.part, path: place.path, message))
    }
}
