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

    struct Place {
        var subject: String
        var part: String
        var path: String
        var direction: Direction
        /// A value whose nullability changes nothing the client decodes or sends: a parameter,
        /// which the client leaves out when nil, or a member whose object has weighed it
        /// (`compareMembers`) with whether it is required.
        var nullabilityDecided = false

        func at(_ step: String) -> Place {
            var copy = self
            copy.path += step
            copy.nullabilityDecided = false
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
        compare(before, after, at: Place(subject: subject, part: part, path: root, direction: direction, nullabilityDecided: neverNull))
    }

    mutating func compare(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldInner, oldNullable) = Self.unwrapped(before, in: old)
        let (newInner, newNullable) = Self.unwrapped(after, in: new)
        if oldNullable != newNullable, !place.nullabilityDecided, !takesAnyValue(before, after) {
            let response = place.direction == .response
            if newNullable {
                add(
                    .madeNullable, breaking: response, at: place,
                    response ? "may now be null: the generated type does not take null" : "may now be null")
            } else {
                add(
                    .madeNonNullable, breaking: !response, at: place,
                    response ? "is no longer null" : "may no longer be null: the client may send null")
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
            // An object with no member to send (all of them read-only) is sent as `{}`, which a
            // server taking any value takes; `JSONValue` decodes any answer.
            if Self.isOpen(newKind), oldKind == "object", Self.properties(oldSchema, in: old, direction: place.direction).members.isEmpty {
                return
            }
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

    /// Whether either version takes any value (`{}`, a union of every kind): null is among its
    /// values whether or not it says so, so a change of its nullability alone is none, and the
    /// export writes the package's union of every kind, nullable or not, as `{}`.
    func takesAnyValue(_ before: JSONValue, _ after: JSONValue) -> Bool {
        let oldInner = Self.unwrapped(before, in: old).0
        let newInner = Self.unwrapped(after, in: new).0
        return Self.kind(old.resolve(oldInner) ?? oldInner, in: old) == "any"
            || Self.kind(new.resolve(newInner) ?? newInner, in: new) == "any"
    }

    /// Compares two components once per direction, their differences listed under the component.
    mutating func compareComponents(_ oldReference: String, _ newReference: String, direction: Direction) {
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

    private mutating func compareEnums(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        // A `null` among the values is the value's nullability, weighed apart (an optional
        // member's enum is written `[a, b, null]` by `apicheck openapi`).
        let oldValues = OpenAPISource.enumValues(before).filter { $0 != .null }
        let newValues = OpenAPISource.enumValues(after).filter { $0 != .null }
        guard !oldValues.isEmpty || !newValues.isEmpty else { return }
        let response = place.direction == .response
        if oldValues.isEmpty || newValues.isEmpty {
            // A body's enum of numbers is the `Int` or `Double` the import declares, which `apicheck
            // openapi` writes without its values (ZenML's `LoggingLevels`): only a parameter
            // declares them (`allowing`). Values changed in a list still are compared below.
            let listed = oldValues.isEmpty ? newValues : oldValues
            if place.path.hasPrefix("$"), !listed.allSatisfy({ if case .string = $0 { true } else { false } }) { return }
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

    mutating func add(_ kind: OpenAPIChange.Kind, breaking: Bool, at place: Place, _ message: String) {
        changes.append(OpenAPIChange(kind, breaking: breaking, subject: place.subject, part: place.part, path: place.path, message))
    }
}
