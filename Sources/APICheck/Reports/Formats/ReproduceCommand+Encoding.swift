/// Query and form values the run encoded, which a command cannot write as they are: from the
/// first of them on, the query's pairs go as `--url-query` arguments (curl encodes the value
/// after a pair's `=`; a pair given after a `+` goes as it is), and a form body's as
/// `--data-urlencode` beside `--data-binary`, which curl joins with `&` in their order.
extension ReproduceCommand {
    /// The URL to write, and the `--url-query` arguments after it (none when no value of the
    /// query needs encoding: the URL is written whole).
    static func encodedQuery(_ url: [SentRequest.Piece], _ encoded: Set<String>) -> (
        url: [SentRequest.Piece], queries: [[SentRequest.Piece]]
    ) {
        guard url.contains(where: { if case let .variable(name) = $0 { encoded.contains(name) } else { false } }) else { return (url, []) }
        var base: [SentRequest.Piece] = []
        var rest: [SentRequest.Piece] = []
        var inQuery = false
        for piece in url {
            guard !inQuery, case let .text(text) = piece, let question = text.firstIndex(of: "?") else {
                if inQuery { rest.append(piece) } else { base.append(piece) }
                continue
            }
            base.append(.text(String(text[...question])))
            rest.append(.text(String(text[text.index(after: question)...])))
            inQuery = true
        }
        let pairs = split(rest)
        guard let first = pairs.firstIndex(where: { needsEncoding($0, encoded) }) else { return (url, []) }
        var inline = base
        for (index, pair) in pairs[..<first].enumerated() { inline += (index == 0 ? [] : [.text("&")]) + pair }
        let queries = pairs[first...].map { pair in needsEncoding(pair, encoded) ? pair : [.text("+")] + pair }
        return (inline, Array(queries))
    }

    /// A form body's runs: pairs as they are, joined, and each pair whose value needs encoding
    /// alone, to be encoded.
    static func encodedForm(_ body: [SentRequest.Piece], _ encoded: Set<String>) -> [(encode: Bool, pieces: [SentRequest.Piece])] {
        guard body.contains(where: { if case let .variable(name) = $0 { encoded.contains(name) } else { false } }) else {
            return [(false, body)]
        }
        var parts: [(encode: Bool, pieces: [SentRequest.Piece])] = []
        for pair in split(body) {
            if needsEncoding(pair, encoded) {
                parts.append((true, pair))
            } else if let last = parts.last, !last.encode {
                parts[parts.count - 1].pieces += [.text("&")] + pair
            } else {
                parts.append((false, pair))
            }
        }
        return parts
    }

    /// `name=` and one variable the run encoded: curl encodes what follows the `=`.
    private static func needsEncoding(_ pair: [SentRequest.Piece], _ encoded: Set<String>) -> Bool {
        guard pair.count == 2, case let .text(name) = pair[0], name.hasSuffix("="), !name.dropLast().contains("="),
            case let .variable(variable) = pair[1]
        else { return false }
        return encoded.contains(variable)
    }

    /// Pieces split into `&`-separated pairs; a variable never holds a separator of its own.
    private static func split(_ pieces: [SentRequest.Piece]) -> [[SentRequest.Piece]] {
        var pairs: [[SentRequest.Piece]] = [[]]
        for piece in pieces {
            guard case let .text(text) = piece else {
                pairs[pairs.count - 1].append(piece)
                continue
            }
            for (index, part) in text.split(separator: "&", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { pairs.append([]) }
                if !part.isEmpty { pairs[pairs.count - 1].append(.text(String(part))) }
            }
        }
        return pairs.filter { !$0.isEmpty }
    }
}
