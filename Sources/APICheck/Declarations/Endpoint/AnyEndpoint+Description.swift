extension AnyEndpoint {
    /// What an endpoint does, in people's words: an OpenAPI operation's `summary` and
    /// `description`, which `apicheck openapi` writes and `import-openapi` reads back.
    struct Documentation: Sendable, Equatable {
        var summary: String?
        var details: String?
    }

    /// What it does in a line, for people (`summarized(_:)`): `apicheck openapi` writes it as the
    /// operation's summary, where it would otherwise write none.
    public var summary: String? { documentation.summary }

    /// What it does at length, for people (`described(_:)`): `apicheck openapi` writes it as the
    /// operation's description, in place of the decode type's name it writes otherwise.
    public var details: String? { documentation.details }

    /// The same endpoint, with what it does in a line.
    func summarized(_ text: String) -> AnyEndpoint {
        copy(documentation: Documentation(summary: text, details: documentation.details))
    }

    /// The same endpoint, with what it does at length.
    func described(_ text: String) -> AnyEndpoint {
        copy(documentation: Documentation(summary: documentation.summary, details: text))
    }
}

extension Endpoint {
    /// The same endpoint, with what it does at length, for people: `apicheck openapi` writes it
    /// as the operation's description, and `import-openapi` writes the document's own, so that
    /// an imported package exports its document's words again. Markdown, several lines: as
    /// written.
    ///
    /// ```swift
    /// static let listPets = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets")
    ///     .summarized("List all pets")
    ///     .described("Newest first.\n\nA pet the shop sold is not listed.")
    /// ```
    public func described(_ text: String) -> Endpoint {
        Endpoint(erased: erased.described(text))
    }
}
