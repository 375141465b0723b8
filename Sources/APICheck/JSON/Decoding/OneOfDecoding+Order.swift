extension OneOfDecoding {
    /// The order to try a union's branches in, for a union without a discriminator whose
    /// branches are objects: the branch that declares the most of the value's members first, the
    /// document's order among equals. Tried in the document's order alone, a first branch that
    /// requires nothing takes every object, and the members only another branch declares would
    /// read as drift (an `anyOf` of a run and a list of task instances, both all optional).
    /// `members` are each branch's JSON member names, empty for a branch that is no object.
    public static func order(_ decoder: any Decoder, members: [[String]]) -> [Int] {
        let natural = Array(members.indices)
        // The schema recorder walks types with no value; the read log must not see the keys
        // looked at here as read (nor as a map's, which asking a container for all of them is).
        if decoder is SchemaRecordingDecoder { return natural }
        let keys: Set<String>
        if let value = decoder as? ValueDecoder {
            guard case let .object(fields) = value.value else { return natural }
            keys = Set(fields.map(\.key))
        } else {
            guard let container = try? decoder.container(keyedBy: Key.self) else { return natural }
            keys = Set(container.allKeys.map(\.stringValue))
        }
        let scores = members.map { names in names.reduce(0) { $0 + (keys.contains($1) ? 1 : 0) } }
        return natural.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
    }
}
