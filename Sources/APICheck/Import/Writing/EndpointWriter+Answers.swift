extension EndpointWriter {
    struct Response {
        var key: String
        var status: Int
        var content: JSONValue?
        var tokens: [String]
        /// Other 2xx answers of the same content: successes the endpoint also declares.
        var alsoStatuses: [Int] = []
    }

    /// The success answer (`SuccessAnswer` picks it), read for the endpoint; nil when it leads
    /// nowhere, which left the operation out before.
    mutating func successResponse(_ success: SuccessAnswer?, of operation: JSONValue, at tokens: [String]) -> Response? {
        guard let success else {
            note(.notMapped, tokens + ["responses"], "no success answer: declared NoContent (200)")
            return Response(key: "", status: 200, content: nil, tokens: tokens + ["responses"])
        }
        guard let response = success.answer else { return nil }
        let responses = OpenAPISource.members(operation["responses"])
        let (key, status, content) = (success.key, success.status, success.content)
        let responseTokens = tokens + ["responses", key]
        if key == "default" { note(.notMapped, responseTokens, "no 2xx answer: the default answer is taken as the success (200)") }
        // Another 2xx of the same content (200 for a thing that was there, 201 for one made)
        // is a success the endpoint also declares, and so is a redirect, whose body is not read
        // (a login that sends a browser to its page); error answers are ErrorMapping's; other
        // successes and a 304 are not declared.
        var also: [Int] = []
        var others: [String] = []
        for (otherKey, otherDeclared) in responses where otherKey != key && ImportedErrorAnswer.status(ofKey: otherKey) == nil {
            if let otherStatus = Int(otherKey), (200..<300).contains(otherStatus), key != "default",
                let other = source.resolve(otherDeclared), sameContent(content, other, status: otherStatus)
            {
                also.append(otherStatus)
            } else if let otherStatus = Int(otherKey), (300..<400).contains(otherStatus), otherStatus != 304, key != "default" {
                also.append(otherStatus)
            } else {
                others.append(otherKey)
            }
        }
        if !others.isEmpty {
            let declared = ([key] + also.map(String.init)).joined(separator: ", ")
            note(
                .notMapped, tokens + ["responses"],
                "answers \(others.joined(separator: ", ")) are not declared: only \(declared) \(also.isEmpty ? "is" : "are")")
        }
        for part in ["headers", "links"] where !OpenAPISource.members(response[part]).isEmpty {
            note(.notMapped, responseTokens + [part], "the answer's \(part) are not mapped")
        }
        return Response(key: key, status: status, content: content, tokens: responseTokens, alsoStatuses: also.sorted())
    }

    /// Whether another success answer has the content the chosen one has: none for none, else the
    /// same JSON schema (references compared as written, so two names of one shape differ).
    private func sameContent(_ content: JSONValue?, _ other: JSONValue, status: Int) -> Bool {
        let otherContent = SuccessAnswer.content(of: other, status: status)
        guard let content, let otherContent else { return content == nil && otherContent == nil }
        guard let (_, media) = jsonMedia(content), let (_, otherMedia) = jsonMedia(otherContent) else { return false }
        return media["schema"] == otherMedia["schema"]
    }

    /// The error answers (4xx, 5xx, `4XX`, `5XX`, `default` unless it is the success): each one's
    /// JSON content (problem details first), its schema and examples, references followed.
    mutating func errorAnswers(_ operation: JSONValue, success: String, at tokens: [String]) -> [ImportedErrorAnswer] {
        var answers: [ImportedErrorAnswer] = []
        for (key, declared) in OpenAPISource.members(operation["responses"]) where key != success {
            guard let status = ImportedErrorAnswer.status(ofKey: key) else { continue }
            let answerTokens = tokens + ["responses", key]
            guard let response = source.resolve(declared) else {
                note(.notMapped, answerTokens, "the answer's reference leads nowhere: not declared")
                continue
            }
            let content = OpenAPISource.members(response["content"])
            let problem = content.first { $0.key.lowercased().hasPrefix("application/problem+json") }
            guard let (mediaType, media) = problem.map({ ($0.key, $0.value) }) ?? jsonMedia(response["content"] ?? .object([])) else {
                note(
                    .notMapped, answerTokens + (content.isEmpty ? [] : ["content"]),
                    content.isEmpty
                        ? "an error answer without content: no mock of it (a mock is JSON)"
                        // Springfox gives every operation's 401, 403 and 404 its `produces` (`*/*`) and no schema.
                        : content.allSatisfy({ $0.value["schema"] == nil && MediaType($0.key)?.isRange == true })
                            ? "an error answer without a schema (\(content.map(\.key).joined(separator: ", "))): no mock of it"
                            : "an error answer that is not JSON (\(content.map(\.key).joined(separator: ", "))): no mock of it")
                answers.append(
                    ImportedErrorAnswer(
                        key: key, status: status, mediaType: nil,
                        otherMediaType: content.lazy.compactMap { MediaType($0.key) }.first { !$0.isRange }?.essence,
                        schema: nil, examples: [], tokens: answerTokens,
                        description: OpenAPISource.string(response["description"])))
                continue
            }
            var examples: [ImportedErrorAnswer.Example] = []
            if let example = media["example"] { examples.append(.init(name: nil, value: example)) }
            for (name, example) in OpenAPISource.members(media["examples"]) {
                if let value = source.resolve(example)?["value"] { examples.append(.init(name: name, value: value)) }
            }
            let schema = media["schema"].flatMap { source.resolve($0) }
            answers.append(
                ImportedErrorAnswer(
                    key: key, status: status, mediaType: mediaType, schema: schema,
                    schemaUnreachable: media["schema"] != nil && schema == nil, examples: examples,
                    tokens: answerTokens + ["content", mediaType], description: OpenAPISource.string(response["description"]),
                    answersMissingToken: response[ImportedErrorAnswer.missingTokenExtension] == .bool(true)))
        }
        return answers
    }

    /// The JSON media type of a content map, as `SuccessAnswer` reads one.
    func jsonMedia(_ content: JSONValue) -> (String, JSONValue)? { SuccessAnswer.jsonMedia(content) }

    /// A success of bytes (`BinaryBody`), noted, and its mock: the document's text example where
    /// it gives one (a `text/plain` answer's), else an empty file, which `mocks` takes and `record`
    /// replaces with the bytes the server sends.
    mutating func bytesMock(_ content: JSONValue, types: [String], at tokens: [String], id: String) -> (text: String, madeUp: Bool) {
        note(
            .notMapped, tokens + ["content"],
            "a success answer that is bytes, not JSON (\(types.joined(separator: ", "))): declared BinaryBody, judged by its "
                + "status and media type and never parsed")
        for type in types {
            if case let .string(text)? = OpenAPISource.members(content).first(where: { $0.key == type })?.value["example"] {
                return (text, false)
            }
        }
        note(
            .madeUp, tokens + ["content"], "no text example: mocks/\(mockName(id)).json is empty until `record` writes the bytes",
            gist: "no text example of bytes: the operation's mock is empty")
        return ("", true)
    }

    /// The `Accept` header parameter that declares the success answer's media type, when the
    /// document's `content` makes one the endpoint's own. Bytes are asked for in every type the
    /// document names, as a `BinaryBody` endpoint takes them; a range (`*/*`) names none, nor
    /// does a JSON type over a binary string (Swagger 2.0's `type: file` under a global
    /// `produces: [application/json]`, which a download is not sent in).
    mutating func acceptParameter(_ content: JSONValue, at tokens: [String]) -> String? {
        if let types = SuccessAnswer.bytesTypes(content) {
            let named = types.filter { type in MediaType(type).map { !$0.isRange && !$0.isJSON } ?? false }
            return named.isEmpty ? nil : ".header(\"Accept\", sample: .literal(\(SwiftName.literal(named.joined(separator: ", ")))))"
        }
        guard let (mediaType, _) = jsonMedia(content) else { return nil }
        let declaration = ".header(\"Accept\", sample: .literal(\(SwiftName.literal(mediaType))))"
        let others = OpenAPISource.members(content).map(\.key).filter { $0 != mediaType }
        if !others.isEmpty {
            // A server that negotiates (Airflow's config, a DAG's source) answers libcurl's
            // `Accept: */*` with its first type, text: the JSON one declared is asked for.
            note(
                .notMapped, tokens + ["content"],
                "the answer is offered as \(others.joined(separator: ", ")) too: declared \(mediaType), asked for with Accept")
            return declaration
        }
        // The one type a document names (GeoJSON's `application/geo+json`) is the endpoint's:
        // `serve` answers in it, `live` and `proxy` say when another comes, the export writes it;
        // undeclared, any JSON type would pass unremarked.
        return MediaType(mediaType)?.hasJSONSuffix == true ? declaration : nil
    }

    /// A JSON answer's mock: the document's example where it decodes into the declared type, else
    /// one made from the schema. An example that does not fit is the document's finding, noted
    /// with where it departs; as the mock it would fail the package's own `mocks` and stop `serve`.
    mutating func jsonMock(_ media: JSONValue, at tokens: [String], id: String) -> (text: String, madeUp: Bool) {
        let example = example(media, at: tokens)
        let misfit = example.flatMap { given in media["schema"].flatMap { ExampleFit(source: source).describe(given.value, $0) } }
        if let example, misfit == nil { return (example.value.prettyText, false) }
        if let example, let misfit {
            note(
                .notMapped, example.tokens,
                "the example does not fit its schema (\(misfit)): mocks/\(mockName(id)).json is made from the schema instead; "
                    + "fix the example, or the schema where the server answers as the example does")
        } else {
            note(
                .madeUp, tokens, "no example: mocks/\(mockName(id)).json is made from the schema",
                gist: "no example: the operation's mock is made from the schema")
        }
        return (madeValue(for: media["schema"] ?? .object([]), purpose: .answer, at: tokens + ["schema"]).value.prettyText, true)
    }

    /// The media type's `example`, else the value of the first of its `examples`, with where it is.
    mutating func example(_ media: JSONValue, at tokens: [String]) -> (value: JSONValue, tokens: [String])? {
        if let example = media["example"] { return (example, tokens + ["example"]) }
        guard let (name, first) = OpenAPISource.members(media["examples"]).first.map({ ($0.key, $0.value) }) else { return nil }
        guard let resolved = source.resolve(first), let value = resolved["value"] else {
            note(.notMapped, tokens + ["examples", name], "an example without a value here (externalValue?): not used")
            return nil
        }
        return (value, tokens + ["examples", name])
    }

    /// A value made from the schema at `tokens`, and whether it is the schema's own example as a
    /// whole; each example in it that does not fit its schema, and was passed over, noted once
    /// however often the schema is used.
    mutating func madeValue(for schema: JSONValue, purpose: ExampleMaker.Purpose, at tokens: [String]) -> (
        value: JSONValue, given: Bool
    ) {
        let made = ExampleMaker(source: source, purpose: purpose, linkBase: linkBase).made(for: schema, at: tokens)
        for passed in made.passedOver where unfitExamples.insert(OpenAPISource.location(passed.tokens)).inserted {
            note(
                .notMapped, passed.tokens,
                "the \(passed.tokens.last == "default" ? "default" : "example") does not fit its schema (\(passed.misfit)): "
                    + "mocks and bodies made from the schema hold a value of its type instead")
        }
        return (made.value, made.given)
    }

    func mockName(_ id: String) -> String {
        let scalars = id.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        return String(scalars)
    }
}
