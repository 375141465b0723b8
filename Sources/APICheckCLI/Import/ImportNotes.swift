import APICheck

/// The import's notes, every one kept in the package (`.apicheck-import.notes`, one a line as
/// stderr would show it alone) and shown on stderr so that the few a person must act on (the
/// `set:` variables, the credentials) stand out: notes of one kind that say the same at more than
/// `shownPlaces` places (an error answer that is not JSON, once per operation and status) are one
/// line, with how many there are, the first places, and where each is listed.
struct ImportNotes {
    static let path = ".apicheck-import.notes"
    /// How many places a line standing for several notes names.
    static let shownPlaces = 3

    let notes: [ImportNote]

    /// The package's file listing every note.
    var file: PackageFiles.File {
        PackageFiles.File(
            path: Self.path,
            text: "# Written by apicheck import-openapi: each note of the import, one a line.\n"
                + notes.map { $0.description + "\n" }.joined())
    }

    /// The lines for stderr, each where its first note is.
    var lines: [String] {
        var groups: [[ImportNote]] = []
        var place: [String: Int] = [:]
        for note in notes {
            let key = [note.kind.rawValue, note.gist.map { "gist:" + $0 } ?? note.message].joined(separator: "\u{0}")
            if let index = place[key] {
                groups[index].append(note)
            } else {
                place[key] = groups.count
                groups.append([note])
            }
        }
        return groups.flatMap { group -> [String] in
            guard group.count > Self.shownPlaces, let first = group.first else { return group.map(\.description) }
            let shown = group.prefix(Self.shownPlaces).map(\.location).joined(separator: ", ")
            return [
                "\(first.kind.rawValue): \(group.count) places (\(shown) and \(group.count - Self.shownPlaces) more, "
                    + "each in \(Self.path)): \(first.gist ?? first.message)"
            ]
        }
    }
}
