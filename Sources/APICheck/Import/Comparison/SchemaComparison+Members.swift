/// The members of an object in two versions of a document, as the generated struct holds them in
/// one direction. A member the direction never carries is not the struct's there: a `readOnly`
/// one is left out of the request variant the import declares (`<Name>Request`), a `writeOnly`
/// one is optional in the answers' type, as the server never sends it. A member's required-ness
/// and nullability are weighed together: the generated type holds it as a Swift optional when it
/// is either optional or nullable, so a change that leaves that as it was (a required nullable
/// member made optional, an optional one made nullable) changes nothing the client decodes or
/// sends, and is no change.
extension SchemaComparison {
    mutating func compareMembers(_ before: JSONValue, _ after: JSONValue, at place: Place) {
        let (oldMembers, oldRequired) = Self.properties(before, in: old, direction: place.direction)
        let (newMembers, newRequired) = Self.properties(after, in: new, direction: place.direction)
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
            // A required member that may be null is a Swift optional all the same: the generated
            // type decodes an answer without it.
            let nullable = Self.unwrapped(schema, in: old).1
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
            let newNullable = takesAnyValue(schema, counterpart) ? nullable : Self.unwrapped(counterpart, in: new).1
            let before = (required: required, nullable: nullable)
            let after = (required: newRequired.contains(name), nullable: newNullable)
            if response {
                compareOptionality(answer: before, after, at: field)
            } else {
                compareOptionality(request: before, after, at: field)
            }
            field.nullabilityDecided = true
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

    typealias Optionality = (required: Bool, nullable: Bool)

    /// An answer's member: the generated type holds it as an optional when it is optional or
    /// nullable; only a change of that is one.
    private mutating func compareOptionality(answer before: Optionality, _ after: Optionality, at field: Place) {
        let wasOptional = !before.required || before.nullable
        let isOptional = !after.required || after.nullable
        if !wasOptional, isOptional {
            if !after.required {
                add(
                    .madeOptional, breaking: true, at: field,
                    "made optional: the generated type requires it, so an answer without it does not decode")
            }
            if after.nullable { add(.madeNullable, breaking: true, at: field, "may now be null: the generated type does not take null") }
        } else if wasOptional, !isOptional {
            if !before.required { add(.madeRequired, breaking: false, at: field, "made required") }
            if before.nullable { add(.madeNonNullable, breaking: false, at: field, "is no longer null") }
        }
    }

    /// A request's member: the client leaves an optional member out when it is nil, so whether
    /// the server takes null for it changes nothing the client sends.
    private mutating func compareOptionality(request before: Optionality, _ after: Optionality, at field: Place) {
        if !before.required, after.required {
            add(.madeRequired, breaking: true, at: field, "made required: the client may leave it out")
        } else if before.required, !after.required, !before.nullable {
            add(.madeOptional, breaking: false, at: field, "made optional")
        }
        guard before.required, before.nullable != after.nullable else { return }
        if after.nullable {
            add(.madeNullable, breaking: false, at: field, "may now be null")
        } else {
            add(.madeNonNullable, breaking: true, at: field, "may no longer be null: the client may send null")
        }
    }

    /// The members of a struct as one direction carries them: a request's without its `readOnly`
    /// ones, an answer's with its `writeOnly` ones optional.
    static func properties(_ schema: JSONValue, in source: OpenAPISource, direction: Direction)
        -> (members: [(key: String, value: JSONValue)], required: Set<String>)
    {
        let (members, required) = properties(schema, in: source)
        switch direction {
        case .request:
            let sent = members.filter { !source.isOneSided($0.value, for: .request) }
            return (sent, required.filter { name in sent.contains { $0.key == name } })
        case .response:
            let unsent = Set(members.filter { source.isOneSided($0.value, for: .answer) }.map(\.key))
            return (members, required.subtracting(unsent))
        }
    }

    /// A kind that takes any object: a map, or any value at all.
    static func isOpen(_ kind: String) -> Bool { kind == "any" || kind == "map" }
}
